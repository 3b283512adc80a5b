/// The compiler accepts a built-in attribute's arguments after a space, `@available (iOS 15.0, *)`,
/// which swift-syntax's parser reads as an attribute without arguments followed by a stray
/// tuple: a syntax error in valid code. Before parsing, the blanks between such an attribute
/// and its `(` are moved after the `(`, which keeps every byte offset and line.
///
/// Only declaration attributes that take arguments are respaced: a type attribute such as
/// `@escaping (Int) -> Void` is followed by a function type, and custom attributes (property
/// wrappers, macros) are left as written. `SourceLexer` finds them, outside strings and
/// comments.
enum AttributeSpacing {
    /// For an attribute whose name is `bytes[start..<end]`: the offset of its `(` when blanks
    /// separate them and the attribute is one of `withArguments`.
    static func paren(_ bytes: UnsafeBufferPointer<UInt8>, name start: Int, end: Int) -> Int? {
        var paren = end
        while paren < bytes.count, bytes[paren] == UInt8(ascii: " ") || bytes[paren] == UInt8(ascii: "\t") { paren += 1 }
        guard paren > end, paren < bytes.count, bytes[paren] == UInt8(ascii: "("),
              withArguments.contains(ArraySlice(bytes[start..<end])) else { return nil }
        return paren
    }

    /// The bytes with the `(` of each attribute moved up to its name: `end` is where the name
    /// ends, `paren` where its `(` was.
    static func respaced(_ bytes: [UInt8], _ attributes: [(end: Int, paren: Int)]) -> [UInt8] {
        var result = bytes
        for (end, paren) in attributes {
            result[end] = UInt8(ascii: "(")
            for blank in (end + 1)...paren { result[blank] = UInt8(ascii: " ") }
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
}
