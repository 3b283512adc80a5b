import Foundation

/// An `Encoder` that writes JSON byte for byte as Foundation's `JSONEncoder` does with
/// `[.sortedKeys, .withoutEscapingSlashes]` (and `.prettyPrinted` when `pretty`) and its default
/// strategies, in a fraction of the instructions: the one JSON writer of `ReportJSON`.
///
/// Why: `JSONEncoder` builds a tree of the whole value first (a reference and a dictionary per
/// object, an enum per value), then sorts every object's keys and writes the tree; that was most
/// of the report's JSON time. This writes each value into one byte buffer as it is encoded, and
/// sorts an object's members when it closes, by moving their bytes, only if they came out of order.
///
/// What it reproduces of swift-foundation's `JSONEncoder.swift` and `JSONWriter.swift` (Swift 6.3,
/// the same on Linux and Darwin but for Darwin's old-SDK compatibility sort); `JSONWriterTests`
/// holds each point to `JSONEncoder`'s bytes:
/// - keys in the order of their UTF-8 bytes (`a.key.utf8.lexicographicallyPrecedes(b.key.utf8)`
///   there: `B` < `_x` < `a` < `a-b` < `a10` < `a9` < `aa` < `É`, not `String`'s `<`), compared
///   unescaped; a key encoded twice in one object keeps its last value;
/// - pretty: two spaces a level, `"key" : value`, members and elements one a line, an empty
///   array or object as the bracket, two line breaks, the indentation and the closing bracket
///   (`[\n\n  ]`); no final line break;
/// - strings: `"` and `\` escaped, `\b \f \n \r \t`, the other controls as `\u00xx` (lowercase
///   hex), nothing else: not `/`, DEL, U+2028 or anything beyond ASCII;
/// - numbers: integers in decimal; `Double` and `Float` as their `description` without a final
///   `.0` (`1`, `-0`, `1e-07`, `1e+21`, `0.30000000000000004`); NaN and the infinities throw;
/// - a value that encodes nothing is `{}`, at the top level an error; containers nested 512
///   deep are an error (`JSONEncoder` lets a compact `[Int]` or `[String]` at that depth through,
///   which no value of ours comes near);
/// - its default strategies: `Data` as Base64, `URL` as its absolute string, `Decimal` as its
///   description; `Date` encodes itself (a `Double`).
///
/// Written as it goes, it needs containers used in order, as synthesized conformances and ours
/// use them: a container stays open until its parent container or encoder is used again, and
/// traps if used after that. It traps, where `JSONEncoder` would merge, on a key's nested
/// container opened twice, and on a keyed or unkeyed container asked of a value already encoded
/// through its single value container.
final class JSONWriter {
    /// `value` as JSON.
    static func encode<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        let writer = JSONWriter(pretty: pretty)
        try writer.write(value)
        if writer.expectingValue {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        if writer.tooDeep {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        return Data(writer.bytes)
    }

    private let pretty: Bool
    private var bytes: [UInt8] = []

    /// An open array or object.
    private struct Frame {
        var isObject: Bool
        /// Tells this container from an earlier one at its depth, closed since.
        var serial: Int
        /// The members or elements written so far.
        var count = 0
        /// Where this object's members begin in `members`.
        var firstMember: Int
    }

    /// The open containers, outermost first; a container's depth is its index.
    private var frames: [Frame] = []
    private var serials = 0

    /// A member of an open object: where its bytes start (the separator before it, or its
    /// indentation), where its key's opening quote is, and its key.
    private struct Member {
        var start: Int
        var content: Int
        /// The key's bytes between the quotes.
        var keyBytes: Range<Int>
        /// The key, when escaping made its bytes differ from it (keys sort unescaped).
        var escapedKey: String?
        /// Its value is a nested container: another member of the same key would merge with it.
        var nested: Bool
    }

    /// The members of the open objects, an object's after its parent's.
    private var members: [Member] = []

    /// Whether a value is due: at the start, after a key or an element's separator.
    private var expectingValue = true
    /// `frames.count` when the value being encoded began: its container is `frames[base]`.
    private var base = 0
    /// A container was nested deeper than `JSONEncoder` writes.
    private var tooDeep = false

    /// Reused by `sortMembers`.
    private var scratch: [UInt8] = [], order: [Int] = []

    private static let indentation = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(4096)
    }

    // MARK: Values

    /// `value` in the slot due, with the containers it opens closed after it; nothing at all
    /// leaves the slot due.
    private func write<T: Encodable>(_ value: T) throws {
        // The values most often encoded through the generic method (array elements), written
        // without `encode(to:)` and a single value container.
        if T.self == String.self {
            return writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            return writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            return writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self {
            return try writeFloatingPoint(unsafeBitCast(value, to: Double.self))
        }
        // `JSONEncoder`'s strategies for these, whatever their own `encode(to:)` does.
        if T.self == Data.self {
            return writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            return writeString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            return writeASCII((value as! Decimal).description)
        }
        let outer = base
        base = frames.count
        defer { base = outer }
        try value.encode(to: self)
        while frames.count > base { closeTop() }
    }

    /// `value` in the slot due; `{}` if it encodes nothing, as `JSONEncoder` writes it.
    private func writeValue<T: Encodable>(_ value: T) throws {
        try write(value)
        if expectingValue { writeEmptyObject() }
    }

    private func writeNull() {
        append("null")
        expectingValue = false
    }

    private func writeBool(_ value: Bool) {
        value ? append("true") : append("false")
        expectingValue = false
    }

    private func writeInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude))
    }

    private func writeInteger(_ value: UInt64) { writeDigits(value) }

    private func writeDigits(_ value: UInt64) {
        defer { expectingValue = false }
        guard value >= 10 else { return bytes.append(UInt8(ascii: "0") + UInt8(value)) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value, first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// `description` without a final `.0`, as `JSONEncoder` writes floating-point numbers.
    private func writeFloatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: codingPath(depth: frames.count), debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        writeASCII(text)
    }

    /// Text that needs no escaping (a number), unquoted.
    private func writeASCII(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        expectingValue = false
    }

    private func writeString(_ text: String) {
        appendString(text)
        expectingValue = false
    }

    /// `text` quoted and escaped; whether escaping changed any of its bytes.
    @discardableResult
    private func appendString(_ text: String) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        let escaped = text.withUTF8 { utf8 in
            var escaped = false, run = 0
            for (position, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<position]))
                appendEscaped(byte)
                escaped = true
                run = position + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
            return escaped
        }
        bytes.append(UInt8(ascii: "\""))
        return escaped
    }

    private func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 0xF)])
        }
    }

    private func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private func appendIndentation(level: Int) {
        var spaces = 2 * level
        while spaces > 0 {
            let run = min(spaces, Self.indentation.count)
            bytes.append(contentsOf: Self.indentation[..<run])
            spaces -= run
        }
    }

    // MARK: Containers

    /// Opens an array or object in the slot due.
    private func open(object: Bool) {
        // `JSONWriter.maximumRecursionDepth`: the outermost container is at depth 1.
        if frames.count + 1 >= 512 { tooDeep = true }
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
        serials += 1
        frames.append(Frame(isObject: object, serial: serials, firstMember: members.count))
        expectingValue = false
    }

    /// Closes the innermost container, its members sorted.
    private func closeTop() {
        if expectingValue { writeEmptyObject() }
        let frame = frames.removeLast()
        if frame.isObject {
            if frame.count > 1 { sortMembers(from: frame.firstMember, level: frames.count + 1) }
            members.removeLast(members.count - frame.firstMember)
        }
        if pretty {
            bytes.append(UInt8(ascii: "\n"))
            appendIndentation(level: frames.count)
        }
        bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    private func writeEmptyObject() {
        open(object: true)
        closeTop()
    }

    /// Makes `frames[depth]` the innermost container again, closing those it holds, before it
    /// takes another member or element; the container's `serial` proves it still open.
    @inline(__always)
    private func resume(_ depth: Int, _ serial: Int) {
        guard frames.count == depth + 1, !expectingValue, frames[depth].serial == serial else { return settle(depth, serial) }
    }

    private func settle(_ depth: Int, _ serial: Int) {
        precondition(
            depth < frames.count && frames[depth].serial == serial,
            "JSONWriter: a container used after its parent took another value; JSONWriter writes containers in order")
        while frames.count > depth + 1 { closeTop() }
        // A slot `superEncoder()` made and nothing used.
        if expectingValue { writeEmptyObject() }
    }

    /// The separator and indentation before the next member or element of `frames[depth]`,
    /// the innermost container.
    private func beginItem(_ depth: Int) {
        if frames[depth].count > 0 { appendSeparator() }
        if pretty { appendIndentation(level: depth + 1) }
        frames[depth].count += 1
    }

    private func appendSeparator() {
        bytes.append(UInt8(ascii: ","))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Begins an element of the array `frames[depth]`.
    private func beginElement(_ depth: Int, _ serial: Int) {
        resume(depth, serial)
        beginItem(depth)
    }

    /// The members or elements of `frames[depth]` so far.
    private func count(_ depth: Int, _ serial: Int) -> Int {
        precondition(depth < frames.count && frames[depth].serial == serial, "JSONWriter: a container used after its parent took another value")
        return frames[depth].count
    }

    /// Begins a member of the object `frames[depth]`: its separator, key and colon.
    private func beginMember(_ key: String, _ depth: Int, _ serial: Int, nested: Bool = false) {
        resume(depth, serial)
        let start = bytes.count
        beginItem(depth)
        let content = bytes.count
        let escaped = appendString(key)
        members.append(Member(start: start, content: content, keyBytes: content + 1 ..< bytes.count - 1, escapedKey: escaped ? key : nil, nested: nested))
        pretty ? append(" : ") : bytes.append(UInt8(ascii: ":"))
    }

    /// Puts the members of the closing object (`members[first...]`, its content the end of
    /// `bytes`) in key order, keeping the last of equal keys: separators and indentation are
    /// the same between any two members, so each member's bytes move as they are.
    private func sortMembers(from first: Int, level: Int) {
        let inOrder = bytes.withUnsafeBufferPointer { buffer in
            (first + 1 ..< members.count).allSatisfy { Self.compareKeys(members[$0 - 1], members[$0], in: buffer) < 0 }
        }
        guard !inOrder else { return }
        var order = self.order
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: first..<members.count)
        bytes.withUnsafeBufferPointer { buffer in
            order.sort { a, b in
                let comparison = Self.compareKeys(members[a], members[b], in: buffer)
                return comparison != 0 ? comparison < 0 : a < b
            }
            // Of equal keys, now together in the order they were encoded, the last stays.
            var kept = 0
            for position in order.indices {
                if position + 1 < order.count, Self.compareKeys(members[order[position]], members[order[position + 1]], in: buffer) == 0 {
                    precondition(!members[order[position + 1]].nested, "JSONWriter: a key's nested container opened twice; JSONEncoder would merge them")
                    continue
                }
                order[kept] = order[position]
                kept += 1
            }
            order.removeLast(order.count - kept)
        }
        let start = members[first].start, end = bytes.count
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<end])
        bytes.removeLast(end - start)
        for (position, index) in order.enumerated() {
            if position > 0 { appendSeparator() }
            if pretty { appendIndentation(level: level) }
            let next = index + 1 < members.count ? members[index + 1].start : end
            bytes.append(contentsOf: scratch[(members[index].content - start)..<(next - start)])
        }
        self.order = order
    }

    /// The order of two keys' UTF-8 bytes: negative, zero or positive.
    private static func compareKeys(_ a: Member, _ b: Member, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        withKey(a, in: buffer) { a in
            withKey(b, in: buffer) { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, common))
                return order != 0 ? order : a.count - b.count
            }
        }
    }

    private static func withKey<Result>(_ member: Member, in buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard var key = member.escapedKey else { return body(UnsafeBufferPointer(rebasing: buffer[member.keyBytes])) }
        return key.withUTF8(body)
    }

    /// The container of the value that began at `base`: opened now, or the one it opened
    /// before (`JSONEncoder` hands the same one out again: `ModuleResult` encodes its module's
    /// keys and its own into one object).
    private func container(object: Bool, base: Int) -> (depth: Int, serial: Int) {
        if expectingValue, frames.count == base {
            open(object: object)
        } else {
            precondition(
                frames.count > base && frames[base].isObject == object,
                "JSONWriter: a container asked of a value already written, or of another kind than before")
            settle(base, frames[base].serial)
        }
        return (base, frames[base].serial)
    }

    fileprivate func keyedContainer<Key>(keyedBy: Key.Type, base: Int) -> KeyedEncodingContainer<Key> {
        let (depth, serial) = container(object: true, base: base)
        return KeyedEncodingContainer(KeyedContainer<Key>(writer: self, depth: depth, serial: serial))
    }

    fileprivate func unkeyedContainer(base: Int) -> any UnkeyedEncodingContainer {
        let (depth, serial) = container(object: false, base: base)
        return UnkeyedContainer(writer: self, depth: depth, serial: serial)
    }

    /// The keys and indices of the items being written in `frames[..<depth]`: keys by their
    /// string values, as the bytes hold them.
    fileprivate func codingPath(depth: Int) -> [any CodingKey] {
        frames.indices.prefix(depth).compactMap { index -> (any CodingKey)? in
            let frame = frames[index]
            guard frame.count > 0 else { return nil }
            guard frame.isObject else { return PathKey(index: frame.count - 1) }
            let member = members[(index + 1 < frames.count ? frames[index + 1].firstMember : members.count) - 1]
            return PathKey(stringValue: member.escapedKey ?? String(decoding: bytes[member.keyBytes], as: UTF8.self))
        }
    }

    /// A step of `codingPath`.
    private struct PathKey: CodingKey {
        var stringValue: String
        var intValue: Int?

        init(stringValue: String) { self.stringValue = stringValue }
        init(intValue: Int) { self.init(index: intValue) }
        init(index: Int) { (stringValue, intValue) = ("Index \(index)", index) }
    }

    // MARK: The containers

    /// An open object; `serial` tells it from a later one at the same depth.
    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: JSONWriter
        let depth: Int, serial: Int

        var codingPath: [any CodingKey] { writer.codingPath(depth: depth) }

        private func begin(_ key: Key, nested: Bool = false) { writer.beginMember(key.stringValue, depth, serial, nested: nested) }

        mutating func encodeNil(forKey key: Key) throws { begin(key); writer.writeNull() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { begin(key); writer.writeBool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { begin(key); writer.writeString(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { begin(key); try writer.writeFloatingPoint(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { begin(key); try writer.writeFloatingPoint(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { begin(key); writer.writeInteger(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { begin(key); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { begin(key); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { begin(key); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { begin(key); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int128, forKey key: Key) throws { begin(key); writer.writeASCII(value.description) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { begin(key); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { begin(key); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { begin(key); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { begin(key); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { begin(key); writer.writeInteger(value) }
        mutating func encode(_ value: UInt128, forKey key: Key) throws { begin(key); writer.writeASCII(value.description) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            begin(key)
            writer.expectingValue = true
            try writer.writeValue(value)
        }

        mutating func nestedContainer<NestedKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            begin(key, nested: true)
            writer.expectingValue = true
            return writer.keyedContainer(keyedBy: keyType, base: writer.frames.count)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            begin(key, nested: true)
            writer.expectingValue = true
            return writer.unkeyedContainer(base: writer.frames.count)
        }

        mutating func superEncoder() -> any Encoder { superEncoder(key: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key.stringValue) }

        private func superEncoder(key: String) -> any Encoder {
            writer.beginMember(key, depth, serial)
            writer.expectingValue = true
            return SlotEncoder(writer: writer, base: writer.frames.count)
        }
    }

    /// An open array.
    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let writer: JSONWriter
        let depth: Int, serial: Int

        var codingPath: [any CodingKey] { writer.codingPath(depth: depth) }
        var count: Int { writer.count(depth, serial) }

        private func begin() { writer.beginElement(depth, serial) }

        mutating func encodeNil() throws { begin(); writer.writeNull() }
        mutating func encode(_ value: Bool) throws { begin(); writer.writeBool(value) }
        mutating func encode(_ value: String) throws { begin(); writer.writeString(value) }
        mutating func encode(_ value: Double) throws { begin(); try writer.writeFloatingPoint(value) }
        mutating func encode(_ value: Float) throws { begin(); try writer.writeFloatingPoint(value) }
        mutating func encode(_ value: Int) throws { begin(); writer.writeInteger(value) }
        mutating func encode(_ value: Int8) throws { begin(); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int16) throws { begin(); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int32) throws { begin(); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int64) throws { begin(); writer.writeInteger(Int(value)) }
        mutating func encode(_ value: Int128) throws { begin(); writer.writeASCII(value.description) }
        mutating func encode(_ value: UInt) throws { begin(); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { begin(); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { begin(); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { begin(); writer.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { begin(); writer.writeInteger(value) }
        mutating func encode(_ value: UInt128) throws { begin(); writer.writeASCII(value.description) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            begin()
            writer.expectingValue = true
            try writer.writeValue(value)
        }

        mutating func nestedContainer<NestedKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            begin()
            writer.expectingValue = true
            return writer.keyedContainer(keyedBy: keyType, base: writer.frames.count)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            begin()
            writer.expectingValue = true
            return writer.unkeyedContainer(base: writer.frames.count)
        }

        mutating func superEncoder() -> any Encoder {
            begin()
            writer.expectingValue = true
            return SlotEncoder(writer: writer, base: writer.frames.count)
        }
    }

    /// What `superEncoder()` hands out: the encoder of the member or element it began.
    private final class SlotEncoder: Encoder {
        let writer: JSONWriter
        let base: Int

        init(writer: JSONWriter, base: Int) {
            self.writer = writer
            self.base = base
        }

        var codingPath: [any CodingKey] { writer.codingPath(depth: base) }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { writer.keyedContainer(keyedBy: type, base: base) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { writer.unkeyedContainer(base: base) }
        func singleValueContainer() -> any SingleValueEncodingContainer { writer }
    }
}

/// The writer is the encoder of every value but `superEncoder()`'s, the one of the value being
/// written (`base`), and its single value container, as `JSONEncoder`'s is.
extension JSONWriter: Encoder, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { codingPath(depth: base) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { keyedContainer(keyedBy: type, base: base) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { unkeyedContainer(base: base) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    private func beginSingleValue() {
        precondition(expectingValue, "JSONWriter: a single value container encoded twice, or after its value's container")
    }

    func encodeNil() throws { beginSingleValue(); writeNull() }
    func encode(_ value: Bool) throws { beginSingleValue(); writeBool(value) }
    func encode(_ value: String) throws { beginSingleValue(); writeString(value) }
    func encode(_ value: Double) throws { beginSingleValue(); try writeFloatingPoint(value) }
    func encode(_ value: Float) throws { beginSingleValue(); try writeFloatingPoint(value) }
    func encode(_ value: Int) throws { beginSingleValue(); writeInteger(value) }
    func encode(_ value: Int8) throws { beginSingleValue(); writeInteger(Int(value)) }
    func encode(_ value: Int16) throws { beginSingleValue(); writeInteger(Int(value)) }
    func encode(_ value: Int32) throws { beginSingleValue(); writeInteger(Int(value)) }
    func encode(_ value: Int64) throws { beginSingleValue(); writeInteger(Int(value)) }
    func encode(_ value: Int128) throws { beginSingleValue(); writeASCII(value.description) }
    func encode(_ value: UInt) throws { beginSingleValue(); writeInteger(UInt64(value)) }
    func encode(_ value: UInt8) throws { beginSingleValue(); writeInteger(UInt64(value)) }
    func encode(_ value: UInt16) throws { beginSingleValue(); writeInteger(UInt64(value)) }
    func encode(_ value: UInt32) throws { beginSingleValue(); writeInteger(UInt64(value)) }
    func encode(_ value: UInt64) throws { beginSingleValue(); writeInteger(value) }
    func encode(_ value: UInt128) throws { beginSingleValue(); writeASCII(value.description) }

    func encode<T: Encodable>(_ value: T) throws {
        beginSingleValue()
        try writeValue(value)
    }
}
