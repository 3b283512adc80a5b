import Foundation
import Vault

public func run() -> URL? { nil }
