import Foundation
import CMath

/// Uses nothing of CMath; what its headers re-export of the C library, Foundation gives.
public func report(_ value: Int) -> String { String(format: "%d", value) }
