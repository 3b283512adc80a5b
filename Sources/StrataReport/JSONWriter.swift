import Foundation

/// An `Encoder` that writes JSON byte for byte as Foundation's `JSONEncoder` does with
/// `[.sortedKeys, .withoutEscapingSlashes]` (and `.prettyPrinted` when `pretty`) and its default
/// strategies, in a fraction of the instructions: the one JSON writer of `ReportJSON`.
///
/// Why: `JSONEncoder` builds a tree of the whole value first (a reference and a dictionary per
/// object, an enum per value), then sorts every object's keys and writes the tree; that was most
/// of the report's JSON time. This writes each value into one byte buffer as it is encoded
/// (strings eight bytes at a time), and sorts an object's members when it closes, by moving
/// their bytes, only if they came out of order: about a third of `JSONEncoder`'s instructions.
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
/// traps if used after that; a `superEncoder()`'s value is written where it was asked for
/// (`JSONEncoder` inserts it when that encoder is released: the same place if that is before the
/// next value). It traps, where `JSONEncoder` would merge, on a key's nested container opened
/// twice, and on a keyed or unkeyed container asked of a value already encoded through its
/// single value container.
final class JSONWriter {
    /// `value` as JSON, with a line break after it if `newline` (a document, `ReportJSON.document`).
    static func encode<T: Encodable>(_ value: T, pretty: Bool, newline: Bool = false) throws -> Data {
        let writer = JSONWriter(pretty: pretty)
        try writer.write(value)
        if writer.output.expectingValue {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        if writer.output.tooDeep {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON."))
        }
        if newline { writer.output.bytes.append(UInt8(ascii: "\n")) }
        return writer.output.bytes.takeData()
    }

    /// The bytes and the open containers: all the writing, in a value type so that its arrays
    /// change in place. Accessed without the runtime's exclusivity checks, which took a third
    /// of the time: a writer is used on one thread, and no access to `output` is held across a
    /// call out of it (`encode(to:)`).
    @exclusivity(unchecked) private var output: Output
    /// `output.frames.count` when the value being encoded began: its container is `frames[base]`.
    @exclusivity(unchecked) private var base = 0

    private init(pretty: Bool) {
        output = Output(pretty: pretty)
    }

    /// `value` in the slot due, with the containers it opens closed after it; nothing at all
    /// leaves the slot due.
    private func write<T: Encodable>(_ value: T) throws {
        // The values most often encoded through the generic methods (array elements), written
        // without `encode(to:)` and a single value container.
        if T.self == String.self {
            return output.writeString(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            return output.writeInteger(unsafeBitCast(value, to: Int.self))
        } else if T.self == Bool.self {
            return output.writeBool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self {
            return try output.writeFloatingPoint(unsafeBitCast(value, to: Double.self))
        }
        // `JSONEncoder`'s strategies for these, whatever their own `encode(to:)` does.
        if T.self == Data.self {
            return output.writeString((value as! Data).base64EncodedString())
        } else if T.self == URL.self {
            return output.writeString((value as! URL).absoluteString)
        } else if T.self == Decimal.self {
            return output.writeNumber((value as! Decimal).description)
        }
        let outer = base
        base = output.frames.count
        defer { base = outer }
        try value.encode(to: self)
        output.close(downTo: base)
    }

    /// `value` in the slot due; `{}` if it encodes nothing, as `JSONEncoder` writes it.
    private func writeValue<T: Encodable>(_ value: T) throws {
        try write(value)
        output.fillEmptySlot()
    }

    fileprivate func keyedContainer<Key>(keyedBy: Key.Type, base: Int) -> KeyedEncodingContainer<Key> {
        let (depth, serial) = output.container(object: true, base: base)
        return KeyedEncodingContainer(KeyedContainer<Key>(writer: self, depth: depth, serial: serial))
    }

    fileprivate func unkeyedContainer(base: Int) -> any UnkeyedEncodingContainer {
        let (depth, serial) = output.container(object: false, base: base)
        return UnkeyedContainer(writer: self, depth: depth, serial: serial)
    }

    /// An open array or object.
    private struct Frame {
        var isObject: Bool
        /// Tells this container from an earlier one at its depth, closed since.
        var serial: Int
        /// The members or elements written so far.
        var count = 0
        /// Where this object's members begin in `members`, and their unescaped keys in `unescapedKeys`.
        var firstMember: Int, firstUnescapedKey: Int
    }

    /// A member of an open object: where its bytes start (the separator before it, or its
    /// indentation) and where its key's opening quote is; where its key's bytes are.
    private struct Member {
        var start: Int, content: Int
        /// In `bytes` between the quotes, or in `unescapedKeys` if escaping changed them
        /// (keys sort by their own bytes).
        var key: Range<Int>
        var unescaped: Bool
        /// The key's first 8 bytes, big-endian, zero-padded: most keys compare by it alone.
        var prefix: UInt64
        /// Its value is a nested container: another member of the same key would merge with it.
        var nested: Bool
    }

    private struct Output: ~Copyable {
        let pretty: Bool
        var bytes = ByteBuffer(capacity: 4096)
        /// The open containers, outermost first; a container's depth is its index.
        var frames: [Frame] = []
        var serials = 0
        /// The members of the open objects, an object's after its parent's.
        var members: [Member] = []
        var unescapedKeys = ByteBuffer(capacity: 64)
        /// Whether a value is due: at the start, after a key or an element's separator.
        var expectingValue = true
        /// A container was nested deeper than `JSONEncoder` writes.
        var tooDeep = false
        /// Reused by `sortMembers`.
        var scratch = ByteBuffer(capacity: 4096), order: [Int] = []

        init(pretty: Bool) {
            self.pretty = pretty
        }

        // MARK: Values

        mutating func writeNull() {
            append("null")
            expectingValue = false
        }

        mutating func writeBool(_ value: Bool) {
            value ? append("true") : append("false")
            expectingValue = false
        }

        mutating func writeInteger(_ value: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            writeInteger(UInt64(value.magnitude))
        }

        mutating func writeInteger(_ value: UInt64) {
            bytes.append(decimal: value)
            expectingValue = false
        }

        /// `description` without a final `.0`, as `JSONEncoder` writes floating-point numbers.
        mutating func writeFloatingPoint<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F) throws {
            guard value.isFinite else {
                throw EncodingError.invalidValue(value, EncodingError.Context(
                    codingPath: codingPath(depth: frames.count), debugDescription: "Unable to encode \(F.self).\(value) directly in JSON."))
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            writeNumber(text)
        }

        /// A number's text, which needs no escaping.
        mutating func writeNumber(_ text: String) {
            var text = text
            text.withUTF8 { bytes.append($0) }
            expectingValue = false
        }

        mutating func writeString(_ text: String) {
            appendString(text)
            expectingValue = false
        }

        /// `text` quoted and escaped; whether escaping changed any of its bytes.
        @discardableResult
        mutating func appendString(_ text: String) -> Bool {
            guard let escaped = text.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) else {
                // A string bridged lazily from Objective-C, made native.
                var native = text
                native.makeContiguousUTF8()
                return appendString(native)
            }
            return escaped
        }

        /// `utf8` quoted and escaped: runs that need no escaping copied eight bytes at a time,
        /// between the bytes to escape. Most strings have none; the drawings a `"` every few bytes.
        mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            bytes.append(UInt8(ascii: "\""))
            var position = bytes.append(reserving: utf8.count + 8) { Self.copyUnescaped(utf8, from: 0, to: $0) }
            let escaped = position < utf8.count
            while position < utf8.count {
                appendEscaped(utf8[position])
                position += 1
                let from = position
                position += bytes.append(reserving: utf8.count - from + 8) { Self.copyUnescaped(utf8, from: from, to: $0) }
            }
            bytes.append(UInt8(ascii: "\""))
            return escaped
        }

        /// Copies `utf8[first...]` up to its first byte to escape to `out`, which has room for
        /// all of it and eight bytes more (written over, or past the end); how many bytes it copied.
        @inline(__always)
        static func copyUnescaped(_ utf8: UnsafeBufferPointer<UInt8>, from first: Int, to out: UnsafeMutableRawPointer) -> Int {
            guard let start = UnsafeRawPointer(utf8.baseAddress) else { return 0 }
            var position = first
            while position + 8 <= utf8.count {
                let word = start.loadUnaligned(fromByteOffset: position, as: UInt64.self)
                out.storeBytes(of: word, toByteOffset: position - first, as: UInt64.self)
                if Self.mayNeedEscaping(word) {
                    return position - first + Self.escapes(UInt64(littleEndian: word)).trailingZeroBitCount / 8
                }
                position += 8
            }
            // The last bytes, the low bytes of a word: of the word that ends with them, in a
            // string of eight bytes or more.
            let remaining = utf8.count - position
            guard remaining > 0 else { return position - first }
            let word = utf8.count >= 8
                ? loadWord(start + utf8.count - 8, count: 8) >> (8 * (8 - remaining)) : loadWord(start + position, count: remaining)
            out.storeBytes(of: word.littleEndian, toByteOffset: position - first, as: UInt64.self)
            let escapes = Self.escapes(word) & ((1 << (8 * remaining)) - 1)
            return position - first + (escapes == 0 ? remaining : escapes.trailingZeroBitCount / 8)
        }

        /// Whether any of eight bytes must be escaped: a byte less than 0x20, or a zero byte
        /// once `"` or `\` is xor-ed out, found with fewer operations than `escapes` ("Bit
        /// Twiddling Hacks"; exact for the word as a whole, not for which byte).
        @inline(__always)
        static func mayNeedEscaping(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let quotes = word ^ 0x2222_2222_2222_2222, backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let found = ((word &- 0x2020_2020_2020_2020) & ~word) | ((quotes &- ones) & ~quotes) | ((backslashes &- ones) & ~backslashes)
            return found & 0x8080_8080_8080_8080 != 0
        }

        /// The high bit of each byte of `word` (the first byte the lowest) that must be escaped:
        /// control characters (nothing in `0xE0`), `"` and `\` (nothing once they are xor-ed
        /// out), each found as a zero byte without carries from byte to byte, so exactly.
        static func escapes(_ word: UInt64) -> UInt64 {
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            func zeroBytes(_ bytes: UInt64) -> UInt64 { ~(((bytes & low) &+ low) | bytes | low) }
            return zeroBytes(word & 0xE0E0_E0E0_E0E0_E0E0) | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
        }

        /// `\` and the byte or its short name, or `\u00` and its hex digits: a word at a time.
        mutating func appendEscaped(_ byte: UInt8) {
            let short: UInt8? = switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
            case 0x08: UInt8(ascii: "b")
            case 0x0C: UInt8(ascii: "f")
            case 0x0A: UInt8(ascii: "n")
            case 0x0D: UInt8(ascii: "r")
            case 0x09: UInt8(ascii: "t")
            default: nil
            }
            if let short { return bytes.append(word: UInt64(short) << 8 | UInt64(UInt8(ascii: "\\")), count: 2) }
            func hex(_ digit: UInt8) -> UInt64 { UInt64(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10) }
            // `\u00`, then the digits.
            bytes.append(word: hex(byte & 0xF) << 40 | hex(byte >> 4) << 32 | 0x3030_755C, count: 6)
        }

        /// A few bytes (`null`, ` : `), one at a time: cheaper than a call to copy them.
        mutating func append(_ text: StaticString) {
            for index in 0..<text.utf8CodeUnitCount { bytes.append(text.utf8Start[index]) }
        }

        /// The `,` before a member or element but the first; pretty, on a line of its own.
        mutating func appendSeparator(first: Bool, level: Int) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            guard pretty else { return }
            // The first's line break is its container's, after the bracket.
            first ? appendIndentation(level: level) : appendLineBreak(level: level)
        }

        /// A line break and the indentation: two spaces a level, a word at a time.
        mutating func appendLineBreak(level: Int) {
            bytes.append(word: 0x2020_2020_2020_200A, count: 1 + min(2 * level, 7))
            if level > 3 { appendIndentation(level: level, from: 7) }
        }

        mutating func appendIndentation(level: Int, from written: Int = 0) {
            var spaces = 2 * level - written
            while spaces > 0 {
                bytes.append(word: 0x2020_2020_2020_2020, count: min(spaces, 8))
                spaces -= 8
            }
        }

        // MARK: Containers

        /// Opens an array or object in the slot due.
        mutating func open(object: Bool) {
            // `JSONWriter.maximumRecursionDepth`: the outermost container is at depth 1.
            if frames.count + 1 >= 512 { tooDeep = true }
            bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
            if pretty { bytes.append(UInt8(ascii: "\n")) }
            serials += 1
            frames.append(Frame(isObject: object, serial: serials, firstMember: members.count, firstUnescapedKey: unescapedKeys.count))
            expectingValue = false
        }

        /// Closes the innermost container, its members sorted.
        mutating func closeTop() {
            fillEmptySlot()
            let frame = frames.removeLast()
            if frame.isObject {
                if frame.count > 1 { sortMembers(from: frame.firstMember, level: frames.count + 1) }
                members.removeLast(members.count - frame.firstMember)
                unescapedKeys.removeLast(unescapedKeys.count - frame.firstUnescapedKey)
            }
            if pretty { appendLineBreak(level: frames.count) }
            bytes.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }

        mutating func close(downTo depth: Int) {
            while frames.count > depth { closeTop() }
        }

        /// `{}` in a slot still due: a value that encoded nothing, a `superEncoder()` not used.
        mutating func fillEmptySlot() {
            guard expectingValue else { return }
            open(object: true)
            closeTop()
        }

        /// Makes `frames[depth]` the innermost container again, closing those it holds, before
        /// it takes another member or element; the container's `serial` proves it still open.
        @inline(__always)
        mutating func resume(_ depth: Int, _ serial: Int) {
            guard frames.count == depth + 1, !expectingValue, frames[depth].serial == serial else { return settle(depth, serial) }
        }

        mutating func settle(_ depth: Int, _ serial: Int) {
            precondition(
                depth < frames.count && frames[depth].serial == serial,
                "JSONWriter: a container used after its parent took another value; JSONWriter writes containers in order")
            close(downTo: depth + 1)
            fillEmptySlot()
        }

        /// The container of the value that began at `base`: opened now, or the one it opened
        /// before (`JSONEncoder` hands the same one out again: `ModuleResult` encodes its
        /// module's keys and its own into one object).
        mutating func container(object: Bool, base: Int) -> (depth: Int, serial: Int) {
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

        /// The members or elements of `frames[depth]` so far.
        func count(_ depth: Int, _ serial: Int) -> Int {
            precondition(depth < frames.count && frames[depth].serial == serial, "JSONWriter: a container used after its parent took another value")
            return frames[depth].count
        }

        /// The separator and indentation before the next member or element of the innermost
        /// container, `frames[depth]`.
        mutating func beginItem(_ depth: Int) {
            appendSeparator(first: frames[depth].count == 0, level: depth + 1)
            frames[depth].count += 1
        }

        /// Begins an element of the array `frames[depth]`: its value is due.
        mutating func beginElement(_ depth: Int, _ serial: Int) {
            resume(depth, serial)
            beginItem(depth)
            expectingValue = true
        }

        /// Begins a member of the object `frames[depth]`, its separator, key and colon: its
        /// value is due.
        mutating func beginMember(_ key: String, _ depth: Int, _ serial: Int, nested: Bool = false) {
            resume(depth, serial)
            let start = bytes.count
            beginItem(depth)
            let content = bytes.count
            let escaped = appendString(key)
            var member = Member(start: start, content: content, key: content + 1 ..< bytes.count - 1, unescaped: escaped, prefix: 0, nested: nested)
            if escaped {
                var key = key
                let first = unescapedKeys.count
                key.withUTF8 { unescapedKeys.append($0) }
                member.key = first..<unescapedKeys.count
                member.prefix = Self.prefix(unescapedKeys[member.key])
            } else {
                member.prefix = Self.prefix(bytes[member.key])
            }
            members.append(member)
            pretty ? append(" : ") : bytes.append(UInt8(ascii: ":"))
            expectingValue = true
        }

        /// A key's first eight bytes, the first the highest, zero-padded: `Member.prefix`.
        static func prefix(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
            guard let start = key.baseAddress else { return 0 }
            return loadWord(UnsafeRawPointer(start), count: min(key.count, 8)).byteSwapped
        }

        /// Puts the members of the closing object (`members[first...]`, its content the end of
        /// `bytes`) in key order, keeping the last of equal keys: separators and indentation
        /// are the same between any two members, so each member's bytes move as they are.
        mutating func sortMembers(from first: Int, level: Int) {
            var order: [Int] = []
            swap(&order, &self.order)
            defer { swap(&order, &self.order) }
            order.removeAll(keepingCapacity: true)
            for index in first..<members.count { order.append(index) }
            let keys = Keys(bytes: bytes[0..<bytes.count], unescaped: unescapedKeys[0..<unescapedKeys.count])
            let (kept, moved) = members.withUnsafeBufferPointer { members in
                order.withUnsafeMutableBufferPointer { Self.sort($0, of: members, by: keys) }
            }
            guard moved else { return }
            order.removeLast(order.count - kept)
            let start = members[first].start, end = bytes.count
            scratch.removeLast(scratch.count)
            scratch.append(bytes[start..<end])
            bytes.removeLast(end - start)
            for (position, index) in order.enumerated() {
                appendSeparator(first: position == 0, level: level)
                let next = index + 1 < members.count ? members[index + 1].start : end
                bytes.append(scratch[(members[index].content - start)..<(next - start)])
            }
        }

        /// Sorts `order`, indices of `members`, by key; of equal keys (now together, in the
        /// order they were encoded) keeps the last, in the first `kept`; whether any moved or went.
        static func sort(_ order: UnsafeMutableBufferPointer<Int>, of members: UnsafeBufferPointer<Member>, by keys: Keys) -> (kept: Int, moved: Bool) {
            var moved = false, equalKeys = false
            if order.count <= 32 {
                // An object has a few members, often in order already: an insertion sort, stable.
                for position in 1..<order.count {
                    let index = order[position]
                    var target = position
                    while target > 0 {
                        let comparison = keys.compare(members[order[target - 1]], members[index])
                        equalKeys = equalKeys || comparison == 0
                        guard comparison > 0 else { break }
                        order[target] = order[target - 1]
                        target -= 1
                    }
                    order[target] = index
                    moved = moved || target != position
                }
            } else {
                // A dictionary of many keys.
                var order = order
                order.sort { a, b in
                    let comparison = keys.compare(members[a], members[b])
                    return comparison != 0 ? comparison < 0 : a < b
                }
                (moved, equalKeys) = (true, true)
            }
            guard equalKeys else { return (order.count, moved) }
            var kept = 0
            for position in order.indices {
                if position + 1 < order.count, keys.compare(members[order[position]], members[order[position + 1]]) == 0 {
                    precondition(!members[order[position + 1]].nested, "JSONWriter: a key's nested container opened twice; JSONEncoder would merge them")
                    continue
                }
                order[kept] = order[position]
                kept += 1
            }
            return (kept, moved || kept < order.count)
        }

        /// Where the members' keys are, to compare them.
        struct Keys {
            let bytes: UnsafeBufferPointer<UInt8>, unescaped: UnsafeBufferPointer<UInt8>

            /// The order of two keys' UTF-8 bytes: negative, zero or positive.
            func compare(_ a: Member, _ b: Member) -> Int {
                if a.prefix != b.prefix { return a.prefix < b.prefix ? -1 : 1 }
                let x = (a.unescaped ? unescaped : bytes).extracting(a.key), y = (b.unescaped ? unescaped : bytes).extracting(b.key)
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : Int(memcmp(x.baseAddress!, y.baseAddress!, common))
                return order != 0 ? order : x.count - y.count
            }
        }

        /// The keys and indices of the items being written in `frames[..<depth]`: keys by
        /// their string values, as the bytes hold them.
        func codingPath(depth: Int) -> [any CodingKey] {
            frames.indices.prefix(depth).compactMap { index -> (any CodingKey)? in
                let frame = frames[index]
                guard frame.count > 0 else { return nil }
                guard frame.isObject else { return PathKey(index: frame.count - 1) }
                let member = members[(index + 1 < frames.count ? frames[index + 1].firstMember : members.count) - 1]
                let key = String(decoding: member.unescaped ? unescapedKeys[member.key] : bytes[member.key], as: UTF8.self)
                return PathKey(stringValue: key)
            }
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

        var codingPath: [any CodingKey] { writer.output.codingPath(depth: depth) }

        private func begin(_ key: Key, nested: Bool = false) { writer.output.beginMember(key.stringValue, depth, serial, nested: nested) }

        mutating func encodeNil(forKey key: Key) throws { begin(key); writer.output.writeNull() }
        mutating func encode(_ value: Bool, forKey key: Key) throws { begin(key); writer.output.writeBool(value) }
        mutating func encode(_ value: String, forKey key: Key) throws { begin(key); writer.output.writeString(value) }
        mutating func encode(_ value: Double, forKey key: Key) throws { begin(key); try writer.output.writeFloatingPoint(value) }
        mutating func encode(_ value: Float, forKey key: Key) throws { begin(key); try writer.output.writeFloatingPoint(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { begin(key); writer.output.writeInteger(value) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { begin(key); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { begin(key); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { begin(key); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { begin(key); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int128, forKey key: Key) throws { begin(key); writer.output.writeNumber(value.description) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { begin(key); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { begin(key); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { begin(key); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { begin(key); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { begin(key); writer.output.writeInteger(value) }
        mutating func encode(_ value: UInt128, forKey key: Key) throws { begin(key); writer.output.writeNumber(value.description) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            begin(key)
            try writer.writeValue(value)
        }

        mutating func nestedContainer<NestedKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            begin(key, nested: true)
            return writer.keyedContainer(keyedBy: keyType, base: writer.output.frames.count)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            begin(key, nested: true)
            return writer.unkeyedContainer(base: writer.output.frames.count)
        }

        mutating func superEncoder() -> any Encoder { superEncoder(key: "super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(key: key.stringValue) }

        private func superEncoder(key: String) -> any Encoder {
            writer.output.beginMember(key, depth, serial)
            return SlotEncoder(writer: writer, base: writer.output.frames.count)
        }
    }

    /// An open array.
    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let writer: JSONWriter
        let depth: Int, serial: Int

        var codingPath: [any CodingKey] { writer.output.codingPath(depth: depth) }
        var count: Int { writer.output.count(depth, serial) }

        private func begin() { writer.output.beginElement(depth, serial) }

        mutating func encodeNil() throws { begin(); writer.output.writeNull() }
        mutating func encode(_ value: Bool) throws { begin(); writer.output.writeBool(value) }
        mutating func encode(_ value: String) throws { begin(); writer.output.writeString(value) }
        mutating func encode(_ value: Double) throws { begin(); try writer.output.writeFloatingPoint(value) }
        mutating func encode(_ value: Float) throws { begin(); try writer.output.writeFloatingPoint(value) }
        mutating func encode(_ value: Int) throws { begin(); writer.output.writeInteger(value) }
        mutating func encode(_ value: Int8) throws { begin(); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int16) throws { begin(); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int32) throws { begin(); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int64) throws { begin(); writer.output.writeInteger(Int(value)) }
        mutating func encode(_ value: Int128) throws { begin(); writer.output.writeNumber(value.description) }
        mutating func encode(_ value: UInt) throws { begin(); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { begin(); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { begin(); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { begin(); writer.output.writeInteger(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { begin(); writer.output.writeInteger(value) }
        mutating func encode(_ value: UInt128) throws { begin(); writer.output.writeNumber(value.description) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            begin()
            try writer.writeValue(value)
        }

        mutating func nestedContainer<NestedKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            begin()
            return writer.keyedContainer(keyedBy: keyType, base: writer.output.frames.count)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            begin()
            return writer.unkeyedContainer(base: writer.output.frames.count)
        }

        mutating func superEncoder() -> any Encoder {
            begin()
            return SlotEncoder(writer: writer, base: writer.output.frames.count)
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

        var codingPath: [any CodingKey] { writer.output.codingPath(depth: base) }
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        func container<Key>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { writer.keyedContainer(keyedBy: type, base: base) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { writer.unkeyedContainer(base: base) }
        func singleValueContainer() -> any SingleValueEncodingContainer { writer }
    }
}

/// The writer is the encoder of every value but `superEncoder()`'s, the one of the value being
/// written (`base`), and its single value container, as `JSONEncoder`'s is.
extension JSONWriter: Encoder, SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { output.codingPath(depth: base) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { keyedContainer(keyedBy: type, base: base) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { unkeyedContainer(base: base) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    private func beginSingleValue() {
        precondition(output.expectingValue, "JSONWriter: a single value container encoded twice, or after its value's container")
    }

    func encodeNil() throws { beginSingleValue(); output.writeNull() }
    func encode(_ value: Bool) throws { beginSingleValue(); output.writeBool(value) }
    func encode(_ value: String) throws { beginSingleValue(); output.writeString(value) }
    func encode(_ value: Double) throws { beginSingleValue(); try output.writeFloatingPoint(value) }
    func encode(_ value: Float) throws { beginSingleValue(); try output.writeFloatingPoint(value) }
    func encode(_ value: Int) throws { beginSingleValue(); output.writeInteger(value) }
    func encode(_ value: Int8) throws { beginSingleValue(); output.writeInteger(Int(value)) }
    func encode(_ value: Int16) throws { beginSingleValue(); output.writeInteger(Int(value)) }
    func encode(_ value: Int32) throws { beginSingleValue(); output.writeInteger(Int(value)) }
    func encode(_ value: Int64) throws { beginSingleValue(); output.writeInteger(Int(value)) }
    func encode(_ value: Int128) throws { beginSingleValue(); output.writeNumber(value.description) }
    func encode(_ value: UInt) throws { beginSingleValue(); output.writeInteger(UInt64(value)) }
    func encode(_ value: UInt8) throws { beginSingleValue(); output.writeInteger(UInt64(value)) }
    func encode(_ value: UInt16) throws { beginSingleValue(); output.writeInteger(UInt64(value)) }
    func encode(_ value: UInt32) throws { beginSingleValue(); output.writeInteger(UInt64(value)) }
    func encode(_ value: UInt64) throws { beginSingleValue(); output.writeInteger(value) }
    func encode(_ value: UInt128) throws { beginSingleValue(); output.writeNumber(value.description) }

    func encode<T: Encodable>(_ value: T) throws {
        beginSingleValue()
        try writeValue(value)
    }
}

/// Bytes appended a run at a time, without `[UInt8]`'s call to check its uniqueness on each
/// append: most appends are a few bytes.
private struct ByteBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        start = malloc(capacity)!.assumingMemoryBound(to: UInt8.self)
        self.capacity = capacity
    }

    deinit { free(start) }

    /// Bytes written, valid until the next append.
    subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        return UnsafeBufferPointer(start: start + range.lowerBound, count: range.count)
    }

    /// The bytes, handed over without a copy; the buffer is empty after.
    mutating func takeData() -> Data {
        let data = Data(bytesNoCopy: realloc(start, max(count, 1))!, count: count, deallocator: .free)
        start = malloc(1)!.assumingMemoryBound(to: UInt8.self)
        (capacity, count) = (1, 0)
        return data
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(count + 1) }
        start[count] = byte
        count += 1
    }

    /// Up to 16 bytes with one or two word stores, more with `memcpy`: most runs are short.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let from = UnsafeRawPointer(bytes.baseAddress), !bytes.isEmpty else { return }
        if count + bytes.count + 8 > capacity { grow(count + bytes.count + 8) }
        let end = UnsafeMutableRawPointer(start + count)
        if bytes.count <= 8 {
            end.storeBytes(of: loadWord(from, count: bytes.count).littleEndian, as: UInt64.self)
        } else if bytes.count <= 16 {
            end.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            end.storeBytes(of: from.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self), toByteOffset: bytes.count - 8, as: UInt64.self)
        } else {
            end.copyMemory(from: from, byteCount: bytes.count)
        }
        count += bytes.count
    }

    mutating func removeLast(_ bytes: Int) {
        precondition(bytes >= 0 && bytes <= count)
        count -= bytes
    }

    /// The first `count` bytes of `word`, the first the lowest (all eight stored, those after
    /// them written over by the next append).
    @inline(__always)
    mutating func append(word: UInt64, count length: Int) {
        if count + 8 > capacity { grow(count + 8) }
        UnsafeMutableRawPointer(start + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count += length
    }

    /// Room for `room` bytes more at the end, handed to `body`, which writes there and says how
    /// many bytes it wrote; how many.
    @inline(__always)
    mutating func append(reserving room: Int, _ body: (UnsafeMutableRawPointer) -> Int) -> Int {
        if count + room > capacity { grow(count + room) }
        let written = body(UnsafeMutableRawPointer(start + count))
        count += written
        return written
    }

    /// `value` in decimal, written from its last digit back.
    mutating func append(decimal value: UInt64) {
        var digits = 1, rest = value
        while rest >= 10 {
            digits += 1
            rest /= 10
        }
        if count + digits > capacity { grow(count + digits) }
        rest = value
        for index in (count..<(count + digits)).reversed() {
            start[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// With `realloc`, which moves large buffers without copying them (the 2 MB `strata.json`).
    private mutating func grow(_ needed: Int) {
        capacity = max(needed, 2 * capacity)
        start = realloc(start, capacity)!.assumingMemoryBound(to: UInt8.self)
    }
}

/// `count` bytes (at most eight) from `start` in the low bytes of a word, the first the lowest:
/// read with one or two overlapping loads, never past them.
@inline(__always)
private func loadWord(_ start: UnsafeRawPointer, count: Int) -> UInt64 {
    switch count {
    case 8...:
        return UInt64(littleEndian: start.loadUnaligned(as: UInt64.self))
    case 4...:
        return UInt64(UInt32(littleEndian: start.loadUnaligned(as: UInt32.self)))
            | UInt64(UInt32(littleEndian: start.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))) << (8 * (count - 4))
    case 2...:
        return UInt64(UInt16(littleEndian: start.loadUnaligned(as: UInt16.self)))
            | UInt64(UInt16(littleEndian: start.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self))) << (8 * (count - 2))
    case 1:
        return UInt64(start.load(as: UInt8.self))
    default:
        return 0
    }
}
