/// A 128-bit hash of a file's bytes, the key of the facts cache.
///
/// Not cryptographic: it only has to make accidental collisions between the files of a
/// repository practically impossible, and it has to be fast, because a warm run hashes
/// every file. Two independent 64-bit lanes over 8-byte words, plus the length.
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { ContentHash($0) }
    }

    public init(_ bytes: UnsafeRawBufferPointer) {
        var a: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        var b: UInt64 = 0xC2B2_AE3D_27D4_EB4F &+ UInt64(bytes.count)
        let words = bytes.count / 8
        for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            a = Self.mix(a ^ word, 0xFF51_AFD7_ED55_8CCD)
            b = Self.mix(b &+ word, 0xC4CE_B9FE_1A85_EC53)
        }
        var tail: UInt64 = 0
        for index in (words * 8)..<bytes.count {
            tail = (tail << 8) | UInt64(bytes[index])
        }
        a = Self.mix(a ^ tail ^ 0x100, 0xFF51_AFD7_ED55_8CCD)
        b = Self.mix(b &+ tail &+ 0x100, 0xC4CE_B9FE_1A85_EC53)
        high = Self.finalize(a ^ (b >> 29))
        low = Self.finalize(b ^ (a >> 31))
    }

    @inline(__always)
    private static func mix(_ value: UInt64, _ multiplier: UInt64) -> UInt64 {
        let product = value &* multiplier
        return (product << 31 | product >> 33) &* 0x87C3_7B91_1142_53D5
    }

    private static func finalize(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }

    public var description: String {
        String(high, radix: 16) + String(low, radix: 16)
    }
}

/// The input of a digest, field by field: each field is preceded by its length, so no value
/// runs into the next whatever bytes it holds, and a list by its count, so no list runs into
/// what follows it.
public struct DigestInput: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    public mutating func add(_ field: String) { add(bytes: Array(field.utf8)) }

    public mutating func add(bytes field: [UInt8]) {
        add(count: field.count)
        bytes += field
    }

    /// A number, as eight bytes (little-endian): a length or a list's count.
    public mutating func add(count: Int) {
        withUnsafeBytes(of: UInt64(count).littleEndian) { bytes += $0 }
    }

    public var hash: ContentHash { ContentHash(bytes) }
}
