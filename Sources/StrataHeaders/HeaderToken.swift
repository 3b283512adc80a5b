/// One token of a C, Objective-C or C++ header, as the preprocessor sees it.
public struct HeaderToken: Hashable, Sendable {
    public enum Kind: UInt8, Sendable {
        case identifier
        /// A preprocessing number (`42`, `0x1Fu`, `1.5e-3f`).
        case number
        /// `"…"`, with its prefix (`L"…"`, `u8"…"`) or Objective-C's `@"…"`.
        case string
        case character
        /// `{`, `;`, `*`, and the two-character `::` and `...`.
        case punctuation
        /// `@interface`, `@end`, `@property`: the text without the `@`.
        case atKeyword
        /// A preprocessor line (`#include <x.h>`, `#define A 1`), continuations joined: the
        /// text after `#`.
        case directive
    }

    public var kind: Kind
    public var text: String
    /// 1-based.
    public var line: Int

    public init(_ kind: Kind, _ text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    func `is`(_ punctuation: String) -> Bool { kind == .punctuation && text == punctuation }
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }

    /// A name written all in capitals, digits and `_` (`NS_SWIFT_NAME`, `OPENSSL_EXPORT`): what
    /// macros look like.
    var isCapitalized: Bool {
        guard kind == .identifier, text.utf8.count > 1 else { return false }
        var letters = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): letters = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): break
            default: return false
            }
        }
        return letters
    }
}
