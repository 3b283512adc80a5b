import Foundation
@testable import StrataReport
import Testing

/// `Deflate` against `Inflate`, a strict reader written from RFC 1950 and 1951 for these tests
/// alone: every input comes back, and the streams have the shape they should (stored blocks for
/// what does not compress, matches 32,768 back and 258 long, the zlib header and checksum).
@Suite struct DeflateTests {
    func roundTrip(_ input: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> (compressed: [UInt8], inflated: Inflate.Result) {
        let compressed = Deflate.zlib(input)
        let inflated = try Inflate.zlib(compressed)
        #expect(inflated.bytes == input, "\(input.count) bytes do not come back", sourceLocation: sourceLocation)
        return (compressed, inflated)
    }

    func random(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test func theEmptyInputAndOneByteAreZlibsOwnBytes() throws {
        // What `zlib.compress(b"", 6)` and `zlib.compress(b"a", 6)` return.
        #expect(try roundTrip([]).compressed == [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
        #expect(try roundTrip([0x61]).compressed == [0x78, 0x9C, 0x4B, 0x04, 0x00, 0x00, 0x62, 0x00, 0x62])
        for count in 2...5 { _ = try roundTrip(Array("abcde".utf8.prefix(count))) }
    }

    @Test func repetitiveInputShrinksToMatchesOf258() throws {
        let input = [UInt8](repeating: 0x20, count: 1 << 20)
        let (compressed, inflated) = try roundTrip(input)
        #expect(compressed.count < 1_200)
        #expect(inflated.longestMatch == 258)
        #expect(inflated.blockTypes.allSatisfy { $0 != 0 })

        let json = Array(String(repeating: #"{"evidence":"Sources/Feature/View.swift:12","module":"Core"},"#, count: 5_000).utf8)
        let (jsonCompressed, _) = try roundTrip(json)
        #expect(jsonCompressed.count * 100 < json.count)
    }

    @Test func randomBytesAreStoredNotExpanded() throws {
        let input = random(1 << 20, seed: 1)
        let (compressed, inflated) = try roundTrip(input)
        #expect(inflated.blockTypes.allSatisfy { $0 == 0 }, "\(Set(inflated.blockTypes))")
        // Each stored block costs 5 bytes per 65,535 (or fewer: a block's symbols end sooner).
        #expect(compressed.count <= input.count + 6 + 5 * (input.count / 1_000))
    }

    @Test func aRepeatExactlyAWindowBackIsAMatch() throws {
        let window = random(32_768, seed: 2)
        let (compressed, inflated) = try roundTrip(window + window + window)
        #expect(inflated.farthestDistance == 32_768)
        #expect(compressed.count < 32_768 + 1_000)
    }

    @Test func lengthsAroundTheLimitsComeBack() throws {
        var input: [UInt8] = []
        for length in [1, 2, 3, 4, 10, 11, 257, 258, 259, 260, 516, 517] {
            input += [UInt8](repeating: UInt8(length % 251), count: length)
            input += Array("|\(length)|".utf8)
        }
        _ = try roundTrip(input)
    }

    /// Inputs of every shape the report has and some it has not: few or many distinct bytes,
    /// words, long repeats, sizes across block boundaries.
    @Test func variedInputsComeBack() throws {
        var generator = SeededGenerator(seed: 3)
        for round in 0..<120 {
            let count = [1, 3, 7, 100, 4_000, 40_000, 70_000, 150_000][round % 8]
            let alphabet = Int.random(in: 1...256, using: &generator)
            var input: [UInt8] = []
            input.reserveCapacity(count)
            switch round % 3 {
            case 0:
                while input.count < count { input.append(UInt8(Int.random(in: 0..<alphabet, using: &generator))) }
            case 1:
                let words = (0..<Int.random(in: 1...60, using: &generator)).map { _ in
                    (0..<Int.random(in: 1...24, using: &generator)).map { _ in UInt8(Int.random(in: 0..<alphabet, using: &generator)) }
                }
                while input.count < count { input += words.randomElement(using: &generator)! }
            default:
                let part = random(Int.random(in: 1...40_000, using: &generator), seed: UInt64(round))
                while input.count < count { input += part }
            }
            _ = try roundTrip(Array(input.prefix(count)))
        }
    }

    @Test func theCodesAreLengthLimitedCompleteAndOptimalWhenTheLimitDoesNotBind() {
        // Fibonacci frequencies make an unlimited Huffman code 29 bits deep.
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for maxBits in [7, 15] {
            let frequencies = Array(fibonacci.prefix(maxBits == 7 ? 19 : 30))
            let lengths = Deflate.Huffman(frequencies: frequencies, maxBits: maxBits).lengths.map(Int.init)
            #expect(lengths.max() == maxBits)
            #expect(lengths.reduce(0) { $0 + (1 << (maxBits - $1)) } == 1 << maxBits, "not a complete code: \(lengths)")
        }
        #expect(Deflate.Huffman(frequencies: [1, 1, 2, 3, 5, 8], maxBits: 15).lengths == [5, 5, 4, 3, 2, 1])
        #expect(Deflate.Huffman(frequencies: [0, 0, 7, 0], maxBits: 15).lengths == [1, 0, 1, 0])
        #expect(Deflate.Huffman(frequencies: [0, 0, 0], maxBits: 15).lengths == [1, 1, 0])
    }

    /// The same bytes on every machine: a change to the compressor's choices changes every
    /// report, so it shows here first.
    @Test func theOutputIsPinned() throws {
        let input = Array((0..<2_000).map { #"{"to":"Module\#($0 % 37)","line":\#($0 * 7 % 1_000)}"# }.joined(separator: ",").utf8)
        let compressed = try roundTrip(input).compressed
        #expect(compressed.count == 7_796)  // zlib.compress(input, 6): 7,797
        #expect(Inflate.adler32(compressed) == 0x7019_B980)
    }

    /// The reader is strict enough that a wrong bit anywhere fails it.
    @Test func theReaderRejectsEveryFlippedBit() throws {
        let compressed = Deflate.zlib(Array("strataModule(3, strataModule(4, strataModule(5".utf8))
        for bit in 0..<(compressed.count * 8) {
            var damaged = compressed
            damaged[bit / 8] ^= 1 << (bit % 8)
            #expect(throws: Inflate.Failure.self, "bit \(bit)") { try Inflate.zlib(damaged) }
        }
        let stored = Deflate.zlib(random(300, seed: 4))
        for bit in 0..<(stored.count * 8) where bit % 7 == 0 {
            var damaged = stored
            damaged[bit / 8] ^= 1 << (bit % 8)
            #expect(throws: Inflate.Failure.self, "stored bit \(bit)") { try Inflate.zlib(damaged) }
        }
    }
}

/// RFC 1950 and 1951, read as strictly as the RFCs allow (every code complete but the fixed
/// distances, padding bits zero, no byte after the checksum), modelled on zlib's `puff.c`.
enum Inflate {
    enum Failure: Error { case header, truncated, blockType, code, symbol, distance, stored, padding, checksum, trailing }

    struct Result {
        var bytes: [UInt8] = []
        /// Each block's BTYPE: 0 stored, 1 fixed codes, 2 dynamic codes.
        var blockTypes: [Int] = []
        var longestMatch = 0, farthestDistance = 0
    }

    static func zlib(_ input: [UInt8]) throws -> Result {
        guard input.count >= 6 else { throw Failure.truncated }
        let method = Int(input[0]), flags = Int(input[1])
        guard method & 0x0F == 8, method >> 4 <= 7, (method << 8 | flags) % 31 == 0, flags & 0x20 == 0 else { throw Failure.header }
        var reader = BitReader(bytes: input, position: 16)
        var result = Result()
        var final = false
        while !final {
            final = try reader.bits(1) == 1
            let type = try reader.bits(2)
            result.blockTypes.append(type)
            switch type {
            case 0: try stored(&reader, into: &result)
            case 1: try codes(&reader, literals: fixedLiterals, distances: fixedDistances, into: &result)
            case 2:
                let (literals, distances) = try dynamicCodes(&reader)
                try codes(&reader, literals: literals, distances: distances, into: &result)
            default: throw Failure.blockType
            }
        }
        try reader.skipPadding()
        let end = reader.position / 8
        guard end + 4 <= input.count else { throw Failure.truncated }
        let checksum = input[end..<(end + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard checksum == adler32(result.bytes) else { throw Failure.checksum }
        guard end + 4 == input.count else { throw Failure.trailing }
        return result
    }

    /// RFC 1950 8.2, a byte at a time.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    struct BitReader {
        let bytes: [UInt8]
        /// In bits.
        var position: Int

        mutating func bits(_ count: Int) throws -> Int {
            var value = 0
            for bit in 0..<count {
                guard position / 8 < bytes.count else { throw Failure.truncated }
                value |= Int(bytes[position / 8] >> (position % 8) & 1) << bit
                position += 1
            }
            return value
        }

        mutating func skipPadding() throws {
            while position % 8 != 0 { guard try bits(1) == 0 else { throw Failure.padding } }
        }
    }

    /// A canonical code as `puff.c` decodes it: the number of codes of each length and the
    /// symbols in code order.
    struct Code {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int], complete: Bool = true) throws {
            for length in lengths { counts[length] += 1 }
            var left = 1
            for length in 1...15 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure.code }  // over-subscribed
            }
            guard !complete || left == 0 else { throw Failure.code }
            for length in 1...15 { symbols += lengths.indices.filter { lengths[$0] == length } }
        }

        func decode(_ reader: inout BitReader) throws -> Int {
            var code = 0, first = 0, index = 0
            for length in 1...15 {
                code |= try reader.bits(1)
                if code - counts[length] < first { return symbols[index + code - first] }
                index += counts[length]
                first = (first + counts[length]) << 1
                code <<= 1
            }
            throw Failure.code
        }
    }

    static let fixedLiterals = try! Code(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    static let fixedDistances = try! Code(lengths: [Int](repeating: 5, count: 30), complete: false)

    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func stored(_ reader: inout BitReader, into result: inout Result) throws {
        try reader.skipPadding()
        let length = try reader.bits(16), complement = try reader.bits(16)
        guard length ^ complement == 0xFFFF else { throw Failure.stored }
        let start = reader.position / 8
        guard start + length <= reader.bytes.count else { throw Failure.truncated }
        result.bytes += reader.bytes[start..<(start + length)]
        reader.position += length * 8
    }

    static func dynamicCodes(_ reader: inout BitReader) throws -> (Code, Code) {
        let literalCount = try reader.bits(5) + 257, distanceCount = try reader.bits(5) + 1, lengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw Failure.code }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var lengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<lengthCount { lengthLengths[order[index]] = try reader.bits(3) }
        let lengthCode = try Code(lengths: lengthLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try lengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw Failure.symbol }
                lengths += try [Int](repeating: last, count: 3 + reader.bits(2))
            case 17: lengths += try [Int](repeating: 0, count: 3 + reader.bits(3))
            default: lengths += try [Int](repeating: 0, count: 11 + reader.bits(7))
            }
        }
        guard lengths.count == literalCount + distanceCount, lengths[256] > 0 else { throw Failure.symbol }
        return (try Code(lengths: Array(lengths[..<literalCount])), try Code(lengths: Array(lengths[literalCount...])))
    }

    static func codes(_ reader: inout BitReader, literals: Code, distances: Code, into result: inout Result) throws {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                result.bytes.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw Failure.symbol }
            let length = try lengthBase[lengthIndex] + reader.bits(lengthExtra[lengthIndex])
            let distanceIndex = try distances.decode(&reader)
            guard distanceIndex < 30 else { throw Failure.symbol }
            let distance = try distanceBase[distanceIndex] + reader.bits(distanceExtra[distanceIndex])
            guard distance <= result.bytes.count, distance <= 32_768 else { throw Failure.distance }
            for _ in 0..<length { result.bytes.append(result.bytes[result.bytes.count - distance]) }
            result.longestMatch = max(result.longestMatch, length)
            result.farthestDistance = max(result.farthestDistance, distance)
        }
    }
}
