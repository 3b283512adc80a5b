/// What a Ruby expression of a manifest evaluates to, as far as static reading can tell.
package indirect enum RubyValue: Equatable {
    case string(String)
    case symbol(String)
    case number(String)
    case bool(Bool)
    case null
    case array([RubyValue])
    case hash([RubyPair])
    /// An object of the manifest's DSL, such as a spec or its `s.ios` proxy, named by the
    /// expression that reached it, so that `[s.ios, s.osx].each do |p| ... end` still knows
    /// what `p` is.
    case reference(String)
    /// Not known without running Ruby: the construct, as a message can name it, and its line.
    case unknown(String, line: Int)

    /// A string, symbol or number as text (Ruby's `to_s` on the values manifests pass).
    package var text: String? {
        switch self {
        case .string(let text), .symbol(let text), .number(let text): text
        default: nil
        }
    }

    /// A single string, or every string of an array (`source_files` takes either).
    package var texts: [String]? {
        switch self {
        case .array(let elements):
            var result: [String] = []
            for element in elements {
                guard let more = element.texts else { return nil }
                result += more
            }
            return result
        case .null: return []
        default: return text.map { [$0] }
        }
    }

    /// Ruby truthiness; nil when the value is unknown.
    package var truthy: Bool? {
        switch self {
        case .null, .bool(false): false
        case .unknown: nil
        default: true
        }
    }

    /// The value for `key` (a symbol or string key) of a hash.
    package subscript(key: String) -> RubyValue? {
        guard case .hash(let pairs) = self else { return nil }
        return pairs.first { $0.key.text == key }?.value
    }

    /// "`expression` cannot be evaluated (it depends on `ENV['X']`)", for warnings.
    package static func unevaluated(_ expression: RubyExpression, _ value: RubyValue) -> String {
        let written = "`\(expression.description)`"
        guard let cause = value.firstUnknown?.construct, cause != written else { return "\(written) cannot be evaluated" }
        return "\(written) cannot be evaluated (it depends on \(cause))"
    }

    /// The first unknown part of the value, so a message can name what was not evaluated.
    var firstUnknown: (construct: String, line: Int)? {
        switch self {
        case .unknown(let construct, let line): (construct, line)
        case .array(let elements): elements.lazy.compactMap(\.firstUnknown).first
        case .hash(let pairs): pairs.lazy.compactMap { $0.key.firstUnknown ?? $0.value.firstUnknown }.first
        default: nil
        }
    }
}

/// One `key => value` of a hash.
package struct RubyPair: Equatable {
    package var key: RubyValue
    package var value: RubyValue

    package init(key: RubyValue, value: RubyValue) { (self.key, self.value) = (key, value) }
}
