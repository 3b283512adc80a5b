public enum DI {
    public final class Container {
        public static let shared = Container()
        var factories = [ObjectIdentifier: () -> Any]()
    }
}
