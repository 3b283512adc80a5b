#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StrataModel
@_spi(RawSyntax) import SwiftSyntax

/// The distinct texts of a file's identifier and operator tokens, each with how often it occurs
/// and where it first does: an open-addressed table of texts in the file's own buffer, hashed
/// over their bytes a word at a time (identifiers are short).
struct IdentifierTable {
    /// Index into `texts` per slot, -1 for an empty one.
    private var slots: [Int32] = Array(repeating: -1, count: 256)
    private var hashes: [UInt64] = Array(repeating: 0, count: 256)
    private(set) var texts: [SyntaxText] = []
    private(set) var counts: [UInt32] = []
    private(set) var offsets: [UInt32] = []
    private var ascii = true
    /// The file's first byte, for the offset of a text's first occurrence.
    var base: UnsafePointer<UInt8>?

    mutating func insert(_ text: SyntaxText) {
        guard let start = text.baseAddress else { return }
        // Eight bytes at a time, the rest gathered into one word: most identifiers take two.
        let count = text.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= count {
            let word = UnsafeRawPointer(start).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        if offset < count {
            var word: UInt64 = 0
            for index in offset..<count { word |= UInt64(start[index]) << UInt64(8 * (index - offset)) }
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        }
        hash ^= hash >> 32
        let high: UInt8 = bits & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[slot] == hash, texts[index] == text {
                counts[index] &+= 1
                return
            }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(texts.count)
        hashes[slot] = hash
        texts.append(text)
        counts.append(1)
        offsets.append(base.map { UInt32(truncatingIfNeeded: start - $0) } ?? 0)
        if high >= 0x80 { ascii = false }
        if texts.count * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = zip(slots, hashes)
        slots = Array(repeating: -1, count: slots.count * 2)
        hashes = Array(repeating: 0, count: slots.count)
        let mask = slots.count - 1
        for (index, hash) in old where index >= 0 {
            var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
            hashes[slot] = hash
        }
    }

    /// The texts without backticks, distinct and sorted as Strings sort, each with its count
    /// (`x` and `` `x` `` summed) and the offset of its first occurrence. ASCII sorts by its
    /// bytes; any other text goes through `String` (its order and `plainName` are Unicode's).
    func sortedNames() -> (names: [String], counts: [UInt32], offsets: [UInt32]) {
        var order = Array(texts.indices)
        var plain = texts
        if ascii {
            for index in plain.indices {
                let text = plain[index]
                if text.count >= 2, let start = text.baseAddress, start[0] == UInt8(ascii: "`"), start[text.count - 1] == UInt8(ascii: "`") {
                    plain[index] = SyntaxText(baseAddress: start + 1, count: text.count - 2)
                }
            }
            // By the first eight bytes as one number (most names differ there), then the rest.
            let keys = plain.map(Self.prefixKey)
            keys.withUnsafeBufferPointer { keys in
                order.sort { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : Self.precedes(plain[$0], plain[$1]) }
            }
        }
        let strings: [String] = ascii ? [] : texts.map { DeclarationFact.plainName(String(syntaxText: $0)) }
        if !ascii { order.sort { strings[$0] < strings[$1] } }
        var names: [String] = [], counts: [UInt32] = [], offsets: [UInt32] = []
        names.reserveCapacity(order.count)
        var last: Int?
        for index in order {
            let same = last.map { ascii ? plain[$0] == plain[index] : strings[$0] == strings[index] } ?? false
            if same {
                counts[counts.count - 1] &+= self.counts[index]
                offsets[offsets.count - 1] = min(offsets[offsets.count - 1], self.offsets[index])
                continue
            }
            names.append(ascii ? String(syntaxText: plain[index]) : strings[index])
            counts.append(self.counts[index])
            offsets.append(self.offsets[index])
            last = index
        }
        return (names, counts, offsets)
    }

    /// The first eight bytes, big-endian, zeros after a shorter text: numbers in the texts'
    /// byte order (no identifier holds a NUL).
    static func prefixKey(_ text: SyntaxText) -> UInt64 {
        guard let start = text.baseAddress else { return 0 }
        var key: UInt64 = 0
        for index in 0..<8 { key = key << 8 | UInt64(index < text.count ? start[index] : 0) }
        return key
    }

    /// Byte order, a prefix first.
    static func precedes(_ left: SyntaxText, _ right: SyntaxText) -> Bool {
        let common = min(left.count, right.count)
        if common > 0, let a = left.baseAddress, let b = right.baseAddress {
            let order = memcmp(a, b, common)
            if order != 0 { return order < 0 }
        }
        return left.count < right.count
    }
}
