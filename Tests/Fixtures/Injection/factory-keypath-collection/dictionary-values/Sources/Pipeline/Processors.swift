public protocol Processing {
    func process(_ text: String) -> String
}
struct UppercaseProcessor: Processing { func process(_ text: String) -> String { text.uppercased() } }
struct TrimmingProcessor: Processing { func process(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) } }
struct ReversingProcessor: Processing { func process(_ text: String) -> String { String(text.reversed()) } }
