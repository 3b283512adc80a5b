/// A registrable implementation of an interface from the SynDependencies pod.
///
/// A scene declares `struct LoginDependencyItem: DependencyItem` with
/// `typealias Interface = LoginDependency`; the app registers the type, and other
/// scenes get the interface without importing the scene that implements it.
public protocol DependencyItem {
    associatedtype Interface
    static func make() -> Interface
}
