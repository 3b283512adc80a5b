import LegacyKit
import Networking

public struct Product {
    let client = Client()

    public init() {}
}
