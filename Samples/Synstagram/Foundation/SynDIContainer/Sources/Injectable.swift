/// Reads a dependency from `Container.shared` on first use.
///
///     @Injectable private var albumList: AlbumListDependency
@propertyWrapper
public struct Injectable<Interface> {
    private var resolved: Interface?

    public init() {}

    public var wrappedValue: Interface {
        mutating get {
            if let resolved { return resolved }
            guard let made = Container.shared.resolve(Interface.self) else {
                fatalError("\(Interface.self) is not registered: call Container.shared.register(type:) at launch")
            }
            resolved = made
            return made
        }
    }
}
