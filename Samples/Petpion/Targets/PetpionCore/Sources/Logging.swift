import Foundation

public enum LogLevel: String {
    case debug, info, error
}

public protocol Logging {
    func log(_ message: String, level: LogLevel)
}

final class PetpionLogger: Logging {
    private let subsystem: String

    init(subsystem: String) {
        self.subsystem = subsystem
    }

    func log(_ message: String, level: LogLevel) {
        #if DEBUG
        print("[\(subsystem)] [\(level.rawValue)] \(message)")
        #endif
    }
}
