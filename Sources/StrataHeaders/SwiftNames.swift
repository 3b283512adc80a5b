/// How Swift names what a C or Objective-C header declares, as far as the rules are regular:
/// `NS_SWIFT_NAME` texts, enum cases without their common prefix, an Objective-C selector's
/// base name. Where Swift's rules depend on more than the text (omitting needless words by
/// the parameter's type), every likely name is given: a name too many makes an import look
/// used, a name too few could make it look unused.
public enum SwiftNames {
    /// The words of a name as Swift's importer splits it: at a lowercase-to-uppercase change,
    /// before the last capital of a run of capitals followed by a lowercase letter (`URLSession`:
    /// `URL`, `Session`), around `_` (a word of its own) and digit runs.
    public static func words(_ name: String) -> [Substring] {
        var words: [Substring] = []
        let characters = Array(name.indices)
        var start = name.startIndex
        func kind(_ character: Character) -> Int {
            if character == "_" { return 0 }
            if character.isNumber { return 1 }
            if character.isUppercase { return 2 }
            return 3
        }
        for (offset, index) in characters.enumerated() where offset > 0 {
            let previous = kind(name[characters[offset - 1]]), current = kind(name[index])
            let next = offset + 1 < characters.count ? kind(name[characters[offset + 1]]) : -1
            let boundary =
                previous == 0 || current == 0 || (previous == 1) != (current == 1)
                || (previous == 3 && current == 2)
                || (previous == 2 && current == 2 && next == 3)
            if boundary {
                words.append(name[start..<index])
                start = index
            }
        }
        if start < name.endIndex { words.append(name[start...]) }
        return words
    }

    /// The longest run of whole words both names begin with, backed off by one word when what
    /// follows in either does not start an identifier (a digit): Swift's `getCommonWordPrefix`.
    static func commonWordPrefix(_ a: String, _ b: String) -> (prefix: Int, followedByNonIdentifier: Bool) {
        let aWords = words(a), bWords = words(b)
        var length = 0, previous = 0, matched = 0
        while matched < aWords.count, matched < bWords.count, aWords[matched] == bWords[matched] {
            previous = length
            length += aWords[matched].count
            matched += 1
        }
        func startsIdentifier(_ word: Substring) -> Bool { word.first.map { $0 == "_" || $0.isLetter } ?? true }
        if matched < aWords.count && !startsIdentifier(aWords[matched]) || matched < bWords.count && !startsIdentifier(bWords[matched]) {
            return (previous, true)
        }
        return (length, false)
    }

    /// The common prefix of an enum's name (`plural`) and its cases' common prefix, a plural
    /// enum name meeting a singular case (`MyOptions`, `MyOptionBold`): Swift's
    /// `getCommonPluralPrefix`, in characters.
    static func commonPluralPrefix(_ singular: String, _ plural: String) -> Int {
        guard !singular.isEmpty, !plural.isEmpty else { return 0 }
        let common = commonWordPrefix(singular, plural).prefix
        guard common < singular.count, plural.hasSuffix("s") else { return common }
        let leftover = String(singular.dropFirst(common))
        guard let next = words(leftover).first else { return common }
        let withWord = String(singular.prefix(common + next.count))
        if plural == withWord + "s" || plural.dropLast().hasSuffix(next) { return withWord.count }
        // "ies" for a word ending in "y".
        if next.hasSuffix("y"), plural.hasSuffix(String(next.dropLast()) + "ies") { return withWord.count }
        return common
    }

    /// The Swift names of an `NS_ENUM`'s or `NS_OPTIONS`'s cases: the prefix all cases share,
    /// as far as the enum's name shares it, dropped, and the first word lowercased. A case with
    /// its own `NS_SWIFT_NAME` keeps that (`swiftNames` by position; nil for none).
    public static func caseNames(_ cases: [String], swiftNames: [String?] = [], enumName: String) -> [String] {
        guard let first = cases.first else { return [] }
        var prefix = first.count
        var followedByNonIdentifier = false
        for name in cases.dropFirst() {
            let common = commonWordPrefix(String(first.prefix(prefix)), name)
            prefix = common.prefix
            followedByNonIdentifier = common.followedByNonIdentifier
            if prefix == 0 { break }
        }
        if prefix > 0 {
            var check = String(first.prefix(prefix))
            var delta = 0
            // `kMyColorRed`: the `k` is not the enum's.
            if check.count > 1, check.first == "k", check.dropFirst().first.map({ $0.isUppercase }) == true {
                check.removeFirst()
                delta = 1
            }
            let withEnum = commonPluralPrefix(check, enumName)
            // `MyColor_Red`: the `_` goes with the prefix.
            if withEnum < check.count, Array(check)[withEnum] == "_", !followedByNonIdentifier { delta += 1 }
            prefix = withEnum + delta
            // Everything of a case is never its prefix.
            if cases.contains(where: { $0.count <= prefix }) { prefix = 0 }
        }
        return cases.enumerated().map { offset, name in
            if offset < swiftNames.count, let swift = swiftNames[offset] { return swift }
            return lowercasedFirstWord(String(name.dropFirst(prefix)))
        }
    }

    /// `Red` -> `red`, `URLSession` -> `urlSession`, `HTTP` -> `http`, `_foo` stays.
    public static func lowercasedFirstWord(_ name: String) -> String {
        guard let first = words(name).first, first.first?.isUppercase == true else { return name }
        let rest = name.dropFirst(first.count)
        return first.lowercased() + rest
    }

    /// An `NS_SWIFT_NAME`/`swift_name` text read: the name Swift uses and the type it is a
    /// member of (`Thing.Kind`, `Box.make(width:)`, `getter:Box.size(self:)`); nil for a
    /// text that names nothing.
    public static func parse(swiftName text: String) -> (owner: String?, base: String)? {
        var text = Substring(text.filter { !$0.isWhitespace })
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count > 1 { text = text.dropFirst().dropLast() }
        for accessor in ["getter:", "setter:"] where text.hasPrefix(accessor) { text = text.dropFirst(accessor.count) }
        if let paren = text.firstIndex(of: "(") { text = text[..<paren] }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard let base = parts.last, !base.isEmpty, base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let owner = parts.count > 1 ? parts.dropLast().joined(separator: ".") : nil
        return (owner.map { String($0.split(separator: ".").last ?? Substring($0)) }, String(base))
    }

    /// What a file uses of a type without spelling it: `T(…)` and `value[…]`.
    public static let unnamedMembers: Set<String> = ["init", "subscript"]

    /// The selector pieces Swift imports as a subscript's getter.
    static let subscriptPieces: Set<String> = ["objectAtIndexedSubscript", "objectForKeyedSubscript"]

    /// A class method Swift imports as a convenience initializer when it returns an instance:
    /// its first piece starts with the last words of the class's name (`colorWithRed` of
    /// `UIColor`, `arrayWithObjects` or `mutableArrayWithCapacity` of `NSMutableArray`), then
    /// ends or goes on with `With` (its first argument's label).
    /// The class's last word may be cut inside a run of capitals: `URLWithString` of `NSURL`.
    public static func isFactory(piece: String, className: String) -> Bool {
        let classWords = words(className), pieceWords = words(piece)
        func follows(_ rest: ArraySlice<Substring>) -> Bool { rest.isEmpty || rest.first == "With" && rest.count > 1 }
        for count in 1...max(1, classWords.count) where count <= pieceWords.count && count <= classWords.count {
            guard zip(pieceWords.prefix(count), classWords.suffix(count)).allSatisfy({ $0.lowercased() == $1.lowercased() }) else { continue }
            if follows(pieceWords.dropFirst(count)) { return true }
        }
        if let last = classWords.last, last.count > 2, last.allSatisfy(\.isUppercase), let first = pieceWords.first,
            first.count >= 2, first.count < last.count, last.hasSuffix(first.uppercased())
        {
            return follows(pieceWords.dropFirst())
        }
        return false
    }

    /// The names Swift may give a class: Foundation's `NS…` classes lose the prefix
    /// (`NSUserDefaults` is `UserDefaults`, SE-0086) except those that keep it, which are listed
    /// (the bridged `NSString`, `NSNumber`, the mutable ones, and AppKit's, UIKit's and Core
    /// Data's classes a category extends: `NSImage` is not SwiftUI's `Image`). A class missing
    /// from the list is given both names, which may count a use that is not one, never miss one.
    public static func foundationNames(_ name: String) -> [String] {
        let rest = name.dropFirst(2)
        guard name.hasPrefix("NS"), rest.first?.isUppercase == true, rest.contains(where: \.isLowercase), !name.hasPrefix("NSMutable"),
            !keepsPrefix.contains(name)
        else { return [name] }
        return [name, String(rest)]
    }

    static let keepsPrefix: Set<String> = [
        "NSObject", "NSProxy", "NSString", "NSAttributedString", "NSNumber", "NSDecimalNumber", "NSValue", "NSArray",
        "NSDictionary", "NSSet", "NSOrderedSet", "NSCountedSet", "NSIndexSet", "NSIndexPath", "NSData", "NSDate", "NSURL",
        "NSUUID", "NSError", "NSException", "NSNull", "NSCache", "NSLock", "NSRecursiveLock", "NSCondition", "NSPredicate",
        "NSExpression", "NSRegularExpression", "NSCoder", "NSCharacterSet", "NSNotification", "NSLayoutConstraint",
        "NSLayoutAnchor", "NSLayoutManager", "NSTextStorage", "NSTextContainer", "NSParagraphStyle", "NSShadow",
        "NSTextAttachment", "NSManagedObject", "NSManagedObjectContext", "NSFetchRequest", "NSPersistentContainer",
        // AppKit's.
        "NSAlert", "NSAppearance", "NSApplication", "NSBezierPath", "NSBitmapImageRep", "NSBox", "NSButton", "NSCell",
        "NSClipView", "NSCollectionView", "NSColor", "NSControl", "NSCursor", "NSDocument", "NSEvent", "NSFont",
        "NSGradient", "NSGraphicsContext", "NSImage", "NSImageRep", "NSImageView", "NSMenu", "NSMenuItem", "NSOutlineView",
        "NSPanel", "NSPasteboard", "NSPopUpButton", "NSPopover", "NSProgressIndicator", "NSResponder", "NSScreen",
        "NSScrollView", "NSSegmentedControl", "NSSlider", "NSSound", "NSSplitView", "NSStackView", "NSStatusItem",
        "NSTabView", "NSTableView", "NSTextField", "NSTextView", "NSToolbar", "NSTrackingArea", "NSView",
        "NSViewController", "NSVisualEffectView", "NSWindow", "NSWindowController", "NSWorkspace",
    ]

    static let prepositions: Set<String> = [
        "With", "For", "At", "In", "From", "To", "By", "On", "Of", "Using", "Into", "As", "After", "Before", "Like", "Over",
        "Under", "Within", "Without", "Onto", "Upon", "Via", "Since", "Until", "Above", "Below", "Across", "Along", "Per",
    ]

    /// The names Swift may give an Objective-C method, from its first selector piece: `init`
    /// for `init` and `initWith…`, the piece itself, the piece cut before each preposition
    /// (`objectAtIndex:` -> `object(at:)`), and without trailing words its first parameter's type
    /// ends with (`removeItem:(XYZItem *)` -> `remove(_:)`), what follows `By`
    /// (`stringByAppendingPath:` -> `appendingPath(_:)`).
    public static func methodNames(piece: String, hasParameters: Bool, parameterType: String?) -> [String] {
        if piece == "init" || piece.hasPrefix("init") && piece.dropFirst(4).first.map({ $0.isUppercase }) == true { return ["init"] }
        var names: [String] = [piece]
        let pieceWords = words(piece)
        if hasParameters, pieceWords.count > 1 {
            var length = pieceWords[0].count
            for word in pieceWords.dropFirst() {
                if prepositions.contains(String(word)) { names.append(String(piece.prefix(length))) }
                length += word.count
                // `stringByAppendingString:` -> `appending(_:)`: the result's name and `By` go.
                if word == "By", length < piece.count { names.append(lowercasedFirstWord(String(piece.dropFirst(length)))) }
            }
            if let parameterType {
                let typeWords = words(parameterType)
                var dropped = 0
                while dropped + 1 < pieceWords.count, dropped < typeWords.count,
                    pieceWords[pieceWords.count - 1 - dropped] == typeWords[typeWords.count - 1 - dropped]
                {
                    dropped += 1
                    names.append(pieceWords.dropLast(dropped).joined())
                }
            }
        }
        var seen: Set<String> = []
        return names.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
}
