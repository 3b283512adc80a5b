import Core

public struct Screen {
    public init(store: any Store) {}
}
