import Foundation

public final class Signal<T, E> {
    public init() {}
}
