/// A type nested two levels deep: its members are found through a value of `Memory.Order.Fence`.
public enum Memory {
    public enum Order {
        public struct Fence {
            public init() {}
            public func settle() -> Int { 1 }
        }
    }
}
