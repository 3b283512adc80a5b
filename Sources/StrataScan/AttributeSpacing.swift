/// The compiler accepts a built-in attribute's arguments after a space, `@available (iOS 15.0, *)`,
/// which swift-syntax's parser reads as an attribute without arguments followed by a stray
/// tuple: a syntax error in valid code. Before parsing, the blanks between such an attribute
/// and its `(` are moved after the `(`, which keeps every byte offset and line.
///
/// Only declaration attributes that take arguments are respaced: a type attribute such as
/// `@escaping (Int) -> Void` is followed by a function type, and custom attributes (property
/// wrappers, macros) are left as written.
enum AttributeSpacing {
    /// The bytes with such attributes respaced, or nil when there are none.
    static func respaced(_ bytes: [UInt8]) -> [UInt8]? {
        var result: [UInt8]?
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "@") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count, isIdentifier(bytes[end]) { end += 1 }
            guard withArguments.contains(bytes[(index + 1)..<end]) else {
                index = end
                continue
            }
            var paren = end
            while paren < count, bytes[paren] == UInt8(ascii: " ") || bytes[paren] == UInt8(ascii: "\t") { paren += 1 }
            if paren > end, paren < count, bytes[paren] == UInt8(ascii: "(") {
                if result == nil { result = bytes }
                result![end] = UInt8(ascii: "(")
                for blank in (end + 1)...paren { result![blank] = UInt8(ascii: " ") }
            }
            index = paren
        }
        return result
    }

    /// Declaration attributes whose arguments follow in parentheses.
    static let withArguments: Set<ArraySlice<UInt8>> = Set([
        "available", "objc", "backDeployed", "inline", "freestanding", "attached", "storageRestrictions",
        "_spi", "_spi_available", "_originallyDefinedIn", "_silgen_name", "_specialize", "_implements", "_cdecl",
        "_dynamicReplacement", "_effects", "_semantics", "_expose", "_documentation", "_objcImplementation",
        "_nonSendable", "_alignment", "_section", "_extern", "_optimize", "_private", "_projectedValueProperty",
    ].map { ArraySlice($0.utf8) })

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
