public enum DIError: Error, CustomStringConvertible {
    case containerFailure(type: String)

    public var description: String {
        switch self {
        case .containerFailure(let type): return "DIContainer could not resolve \(type)"
        }
    }
}
