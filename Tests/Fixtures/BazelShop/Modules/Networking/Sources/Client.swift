import Foundation

public final class Client {
    public init() {}
}
