/// DEFLATE (RFC 1951) in the zlib format (RFC 1950: a two-byte header, the deflated bytes, the
/// Adler-32 of the input), which browsers read natively (`DecompressionStream('deflate')`).
///
/// Written here rather than linked because the report must be the same bytes on every machine:
/// zlib, zlib-ng and Apple's zlib each choose their own matches and blocks. The choices are
/// zlib's at level 6, so the output is about the size of `zlib.compress(data, 6)`'s: LZ77 over a
/// 32 KB window with hash chains (at most `maxChain` candidates), lazy matching (a match is
/// written only if the next byte does not start a longer one), and blocks of `blockSymbols`
/// symbols, each written with its own Huffman codes (package-merge, at most 15 bits), the fixed
/// codes or stored, whichever is shortest.
enum Deflate {
    /// `input` compressed, in the zlib format.
    static func zlib(_ input: [UInt8]) -> [UInt8] {
        var compressor = Compressor(input)
        compressor.run()
        var output = compressor.writer.finish()
        let checksum = adler32(input)
        for shift: UInt32 in [24, 16, 8, 0] { output.append(UInt8(truncatingIfNeeded: checksum >> shift)) }
        return output
    }

    // MARK: Parameters (zlib's level 6)

    static let windowSize = 32768
    static let minMatch = 3, maxMatch = 258
    /// Candidates looked at per position; a quarter of them once the pending match is `goodLength`.
    static let maxChain = 128, goodLength = 8
    /// A match this long is taken without looking further.
    static let niceLength = 128
    /// A pending match this long is written without looking for a longer one at the next byte.
    static let maxLazy = 16
    /// A 3-byte match further back than this costs more bits than its literals.
    static let tooFar = 4096
    /// Symbols (literals and matches) per block: each block gets codes fitted to its own part.
    static let blockSymbols = 16384
    /// Positions are chained by a hash of their first `hashLength` bytes, `hashBits` wide.
    static let hashLength = 4, hashBits = 15

    /// The zlib header: deflate with a 32 KB window (0x78), the default level, the check bits.
    static let header: [UInt8] = [0x78, 0x9C]

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var start = 0
        // 5552 bytes is the most that can be summed before `b` could overflow 32 bits.
        while start < bytes.count {
            let end = min(start + 5552, bytes.count)
            for index in start..<end {
                a &+= UInt32(bytes[index])
                b &+= a
            }
            a %= 65521
            b %= 65521
            start = end
        }
        return b << 16 | a
    }

    // MARK: The LZ77 pass

    /// Finds the matches and writes each block of symbols as it fills (`flush`).
    struct Compressor {
        let input: [UInt8]
        var writer = BitWriter()
        var block = Block()
        /// The input bytes the symbols so far stand for, and where the current block begins.
        var covered = 0, blockStart = 0

        init(_ input: [UInt8]) {
            self.input = input
            writer.bytes.reserveCapacity(input.count / 4 + 64)
            writer.bytes += Deflate.header
        }

        /// zlib's `deflate_slow`: the match found at a position is held back one byte, and written
        /// only if the match at the next byte is not longer (else a literal is written instead).
        mutating func run() {
            let count = input.count
            guard count > 0 else { return flush(final: true) }
            // Through pointers: this loop and `longestMatch` are most of the report's deflating.
            let input = self.input
            input.withUnsafeBufferPointer { bytes in
                let chains = Chains(bytes)
                defer { chains.free() }
                var position = 0
                var pendingLength = minMatch - 1, pendingDistance = 0, pendingLiteral = false
                while position < count {
                    chains.insert(position)
                    var length = minMatch - 1, distance = 0
                    if pendingLength < maxLazy {
                        (length, distance) = chains.longestMatch(at: position, better: pendingLength)
                        if length == minMatch && distance > tooFar { length = minMatch - 1 }
                    }
                    if pendingLength >= minMatch && length <= pendingLength {
                        // The match at position - 1 is at least as long as this one: write it.
                        block.match(length: pendingLength, distance: pendingDistance)
                        covered += pendingLength
                        let end = position - 1 + pendingLength
                        for next in (position + 1)..<end { chains.insert(next) }
                        position = end
                        pendingLength = minMatch - 1
                        pendingLiteral = false
                    } else {
                        if pendingLiteral {
                            block.literal(chains.bytes[position - 1])
                            covered += 1
                        }
                        pendingLiteral = true
                        pendingLength = length
                        pendingDistance = distance
                        position += 1
                    }
                    if block.symbols.count >= blockSymbols { flush(final: false) }
                }
                if pendingLiteral {
                    block.literal(chains.bytes[count - 1])
                    covered += 1
                }
            }
            flush(final: true)
        }

        /// The input's positions chained by the hash of their first `hashLength` bytes.
        struct Chains {
            let bytes: UnsafePointer<UInt8>
            let count: Int
            /// By hash of four bytes, the latest position + 1 that starts with them (0: none).
            let head: UnsafeMutablePointer<Int32>
            /// By position modulo the window, the previous position + 1 with the same hash (0: none).
            let previous: UnsafeMutablePointer<Int32>

            /// Over `input`, which must outlive it; `free()` when done.
            init(_ input: UnsafeBufferPointer<UInt8>) {
                count = input.count
                bytes = input.baseAddress!
                head = .allocate(capacity: 1 << hashBits)
                head.initialize(repeating: 0, count: 1 << hashBits)
                previous = .allocate(capacity: windowSize)
                previous.initialize(repeating: 0, count: windowSize)
            }

            func free() {
                head.deallocate()
                previous.deallocate()
            }

            /// Records `position` under the hash of its first four bytes (the last three positions have
            /// no chain). Four rather than zlib's three: the chains then hold fewer positions that match
            /// only briefly, so searching is faster and finds longer matches within `maxChain` (a 3-byte
            /// match saves a few bits at most).
            func insert(_ position: Int) {
                guard position + hashLength <= count else { return }
                let key = UInt32(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: position, as: UInt32.self))
                let hash = Int((key &* 0x9E37_79B1) >> (32 - UInt32(hashBits)))
                previous[position & (windowSize - 1)] = head[hash]
                head[hash] = Int32(position + 1)
            }

            /// The longest match for the bytes at `position` longer than `better`, as (length, distance);
            /// (`better`, 0) when there is none. `position` must be inserted already.
            func longestMatch(at position: Int, better: Int) -> (Int, Int) {
                let limit = min(maxMatch, count - position)
                guard better < limit, limit >= hashLength else { return (better, 0) }
                var bestLength = better, bestDistance = 0
                var chain = better >= goodLength ? maxChain >> 2 : maxChain
                var candidate = Int(previous[position & (windowSize - 1)]) - 1
                while candidate >= 0, position - candidate <= windowSize, chain > 0 {
                    // The byte that would make the match longer than the best first: most candidates fail there.
                    if bytes[candidate + bestLength] == bytes[position + bestLength] && bytes[candidate] == bytes[position] {
                        let length = Compressor.matchLength(UnsafeBufferPointer(start: bytes, count: count), candidate, position, limit: limit)
                        if length > bestLength {
                            bestLength = length
                            bestDistance = position - candidate
                            if length >= niceLength || length == limit { break }
                        }
                    }
                    // Positions a window back share a slot with newer ones: the chain only goes back.
                    let next = Int(previous[candidate & (windowSize - 1)]) - 1
                    guard next < candidate else { break }
                    candidate = next
                    chain -= 1
                }
                return (bestLength, bestDistance)
            }
        }

        /// How many bytes from `earlier` and `position` are the same, up to `limit`, the first
        /// known to be: eight at a time, then one (`position + limit` is within `input`).
        static func matchLength(_ input: UnsafeBufferPointer<UInt8>, _ earlier: Int, _ position: Int, limit: Int) -> Int {
            let bytes = UnsafeRawPointer(input.baseAddress!)
            var length = 1
            while length + 8 <= limit {
                let a = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: earlier + length, as: UInt64.self))
                let b = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position + length, as: UInt64.self))
                if a != b { return length + (a ^ b).trailingZeroBitCount / 8 }
                length += 8
            }
            while length < limit && input[earlier + length] == input[position + length] { length += 1 }
            return length
        }

        /// Writes the block of the symbols so far, in whichever of the three forms is shortest.
        mutating func flush(final: Bool) {
            block.literalFrequencies[endOfBlock] = 1
            let dynamic = DynamicCodes(block)
            let stored = storedBits(bytes: covered - blockStart)
            let fixedBits = 3 + block.bits(literals: Huffman.fixedLiterals, distances: Huffman.fixedDistances)
            let dynamicBits = 3 + dynamic.headerBits + block.bits(literals: dynamic.literals, distances: dynamic.distances)
            if stored <= min(fixedBits, dynamicBits) {
                writeStored(final: final)
            } else if fixedBits <= dynamicBits {
                writer.write(final ? 1 : 0, count: 1)
                writer.write(1, count: 2)
                writeSymbols(literals: Huffman.fixedLiterals, distances: Huffman.fixedDistances)
            } else {
                writer.write(final ? 1 : 0, count: 1)
                writer.write(2, count: 2)
                dynamic.writeHeader(&writer)
                writeSymbols(literals: dynamic.literals, distances: dynamic.distances)
            }
            block = Block()
            blockStart = covered
        }

        /// The bits of the block's bytes stored: each run of up to 65,535 bytes has a 3-bit block
        /// header, the padding to a byte and its length and complement.
        func storedBits(bytes: Int) -> Int {
            let runs = max(1, (bytes + 65534) / 65535)
            let padding = (8 - (writer.bitCount + 3) % 8) % 8
            return 3 + padding + 32 + (runs - 1) * 40 + 8 * bytes
        }

        mutating func writeStored(final: Bool) {
            var start = blockStart
            repeat {
                let end = min(start + 65535, covered)
                writer.write(final && end == covered ? 1 : 0, count: 1)
                writer.write(0, count: 2)
                writer.alignToByte()
                let length = end - start
                writer.bytes += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
                writer.bytes += input[start..<end]
                start = end
            } while start < covered
        }

        mutating func writeSymbols(literals: Huffman, distances: Huffman) {
            let lengthCodes = Tables.lengthCode, lengthBase = Tables.lengthBase, lengthExtra = Tables.lengthExtra
            let distanceCodes = Tables.distanceCode, distanceBase = Tables.distanceBase, distanceExtra = Tables.distanceExtra
            for symbol in block.symbols {
                if symbol < 0x1_0000 {
                    writer.write(UInt32(literals.codes[Int(symbol)]), count: Int(literals.lengths[Int(symbol)]))
                    continue
                }
                let length = Int(symbol >> 16), distance = Int(symbol & 0xFFFF)
                let lengthCode = Int(lengthCodes[length])
                let lengthSymbol = 257 + lengthCode
                writer.write(UInt32(literals.codes[lengthSymbol]), count: Int(literals.lengths[lengthSymbol]))
                writer.write(UInt32(length - Int(lengthBase[lengthCode])), count: Int(lengthExtra[lengthCode]))
                let distanceCode = Int(distanceCodes[distance - 1])
                writer.write(UInt32(distances.codes[distanceCode]), count: Int(distances.lengths[distanceCode]))
                writer.write(UInt32(distance - Int(distanceBase[distanceCode])), count: Int(distanceExtra[distanceCode]))
            }
            writer.write(UInt32(literals.codes[endOfBlock]), count: Int(literals.lengths[endOfBlock]))
        }
    }

    static let endOfBlock = 256

    /// One block's symbols and how often each literal/length and distance code occurs.
    struct Block {
        /// A literal is its byte; a match is its length << 16 | its distance (lengths are at least 3).
        var symbols: [UInt32] = []
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        let lengthCodes = Tables.lengthCode, distanceCodes = Tables.distanceCode

        init() { symbols.reserveCapacity(blockSymbols) }

        mutating func literal(_ byte: UInt8) {
            symbols.append(UInt32(byte))
            literalFrequencies[Int(byte)] += 1
        }

        mutating func match(length: Int, distance: Int) {
            symbols.append(UInt32(length) << 16 | UInt32(distance))
            literalFrequencies[257 + Int(lengthCodes[length])] += 1
            distanceFrequencies[Int(distanceCodes[distance - 1])] += 1
        }

        /// The bits of the symbols (and the end of block) in these codes, extra bits included.
        func bits(literals: Huffman, distances: Huffman) -> Int {
            var bits = 0
            for (symbol, frequency) in literalFrequencies.enumerated() where frequency > 0 {
                bits += frequency * (Int(literals.lengths[symbol]) + (symbol > 256 ? Int(Tables.lengthExtra[symbol - 257]) : 0))
            }
            for (code, frequency) in distanceFrequencies.enumerated() where frequency > 0 {
                bits += frequency * (Int(distances.lengths[code]) + Int(Tables.distanceExtra[code]))
            }
            return bits
        }
    }

    // MARK: Huffman codes

    /// A canonical prefix code: each symbol's length and its code, bit-reversed as DEFLATE writes
    /// codes from the most significant bit while the stream fills bytes from the least.
    struct Huffman {
        var lengths: [UInt8]
        var codes: [UInt16]

        /// RFC 1951 3.2.2: codes of one length are consecutive, in symbol order.
        init(lengths: [UInt8]) {
            self.lengths = lengths
            var counts = [Int](repeating: 0, count: 16)
            for length in lengths where length > 0 { counts[Int(length)] += 1 }
            var next = [Int](repeating: 0, count: 16)
            var code = 0
            for length in 1..<16 {
                code = (code + counts[length - 1]) << 1
                next[length] = code
            }
            codes = lengths.map { length in
                guard length > 0 else { return 0 }
                let code = next[Int(length)]
                next[Int(length)] += 1
                var reversed = 0
                for bit in 0..<Int(length) where code & (1 << bit) != 0 { reversed |= 1 << (Int(length) - 1 - bit) }
                return UInt16(reversed)
            }
        }

        /// An optimal code for these frequencies no longer than `maxBits`, by package-merge
        /// (Larmore and Hirschberg): `maxBits - 1` times, the items (symbols, then packages too)
        /// are paired in order of weight into packages, merged with the symbols; a symbol's length
        /// is the number of times it is in the cheapest 2n - 2 items, a package counting its
        /// contents. With fewer than two symbols used, unused ones make up two: a complete code (what
        /// strict inflaters want) has at least two.
        init(frequencies: [Int], maxBits: Int) {
            var used = frequencies.indices.filter { frequencies[$0] > 0 }
            var lengths = [UInt8](repeating: 0, count: frequencies.count)
            if used.count < 2 {
                for symbol in frequencies.indices where used.count < 2 && !used.contains(symbol) { used.append(symbol) }
                for symbol in used { lengths[symbol] = 1 }
                self.init(lengths: lengths)
                return
            }
            let leaves = used.sorted { (frequencies[$0], $0) < (frequencies[$1], $1) }
            // Nodes 0..<leaves.count are the leaves; each later one a package of two nodes.
            var weights = leaves.map { frequencies[$0] }
            var parts: [(Int, Int)] = []
            var items = Array(leaves.indices)
            for _ in 1..<maxBits {
                var merged: [Int] = []
                merged.reserveCapacity(leaves.count + items.count / 2)
                var leaf = 0, pair = 0
                while leaf < leaves.count || pair + 1 < items.count {
                    if pair + 1 < items.count {
                        let weight = weights[items[pair]] + weights[items[pair + 1]]
                        if leaf == leaves.count || weight < weights[leaf] {
                            weights.append(weight)
                            parts.append((items[pair], items[pair + 1]))
                            merged.append(weights.count - 1)
                            pair += 2
                            continue
                        }
                    }
                    merged.append(leaf)
                    leaf += 1
                }
                items = merged
            }
            var stack = Array(items.prefix(2 * leaves.count - 2))
            while let node = stack.popLast() {
                if node < leaves.count {
                    lengths[leaves[node]] += 1
                } else {
                    stack += [parts[node - leaves.count].0, parts[node - leaves.count].1]
                }
            }
            self.init(lengths: lengths)
        }

        /// RFC 1951 3.2.6.
        static let fixedLiterals = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
        static let fixedDistances = Huffman(lengths: [UInt8](repeating: 5, count: 30))
    }

    /// A block's own codes and the header that describes them: the code lengths, run-length
    /// encoded (16: repeat the previous 3–6 times, 17: 3–10 zeros, 18: 11–138 zeros), in a third
    /// code of at most 7 bits.
    struct DynamicCodes {
        /// The order the code-length code's lengths are written in (rarely used ones last).
        static let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

        var literals, distances, lengthCode: Huffman
        var literalCount, distanceCount, lengthCodeCount: Int
        /// Each run of lengths: the code-length symbol and its extra bits' value.
        var runs: [(symbol: Int, extra: Int)] = []
        var headerBits: Int

        init(_ block: Block) {
            literals = Huffman(frequencies: block.literalFrequencies, maxBits: 15)
            distances = Huffman(frequencies: block.distanceFrequencies, maxBits: 15)
            literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
            // The two sets of lengths are one sequence: a run may cross from one into the other.
            let all = Array(literals.lengths[..<literalCount] + distances.lengths[..<distanceCount])
            var index = 0
            var last = -1  // the length a 16 repeats
            while index < all.count {
                let length = Int(all[index])
                var run = 1
                while index + run < all.count && all[index + run] == all[index] { run += 1 }
                if length == 0 && run >= 3 {
                    let taken = min(run, 138)
                    runs.append(taken >= 11 ? (18, taken - 11) : (17, taken - 3))
                    index += taken
                } else if length == last && run >= 3 {
                    let taken = min(run, 6)
                    runs.append((16, taken - 3))
                    index += taken
                } else {
                    runs.append((length, 0))
                    index += 1
                }
                last = length
            }
            var frequencies = [Int](repeating: 0, count: 19)
            for run in runs { frequencies[run.symbol] += 1 }
            let lengthCode = Huffman(frequencies: frequencies, maxBits: 7)
            self.lengthCode = lengthCode
            lengthCodeCount = max(4, (Self.order.lastIndex { lengthCode.lengths[$0] > 0 } ?? 0) + 1)
            headerBits = 5 + 5 + 4 + 3 * lengthCodeCount
            for run in runs { headerBits += Int(lengthCode.lengths[run.symbol]) + Self.extraBits(run.symbol) }
        }

        static func extraBits(_ symbol: Int) -> Int { symbol == 16 ? 2 : symbol == 17 ? 3 : symbol == 18 ? 7 : 0 }

        func writeHeader(_ writer: inout BitWriter) {
            writer.write(UInt32(literalCount - 257), count: 5)
            writer.write(UInt32(distanceCount - 1), count: 5)
            writer.write(UInt32(lengthCodeCount - 4), count: 4)
            for symbol in Self.order.prefix(lengthCodeCount) { writer.write(UInt32(lengthCode.lengths[symbol]), count: 3) }
            for run in runs {
                writer.write(UInt32(lengthCode.codes[run.symbol]), count: Int(lengthCode.lengths[run.symbol]))
                writer.write(UInt32(run.extra), count: Self.extraBits(run.symbol))
            }
        }
    }

    // MARK: Bits and tables

    /// Bits written from the least significant end of each byte (RFC 1951 3.1.1).
    struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt64 = 0
        /// Bits in `buffer`, below 32 between calls.
        var pending = 0

        /// All bits written so far.
        var bitCount: Int { bytes.count * 8 + pending }

        /// The low `count` bits of `value` (at most 32).
        mutating func write(_ value: UInt32, count: Int) {
            buffer |= UInt64(value) << UInt64(pending)
            pending += count
            if pending >= 32 {
                withUnsafeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian) { bytes.append(contentsOf: $0) }
                buffer >>= 32
                pending -= 32
            }
        }

        /// Pads with zero bits to the next byte and writes out what is pending.
        mutating func alignToByte() {
            while pending > 0 {
                bytes.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                pending = max(0, pending - 8)
            }
        }

        mutating func finish() -> [UInt8] {
            alignToByte()
            return bytes
        }
    }

    /// RFC 1951 3.2.5: lengths 3–258 as codes 257–285 and distances 1–32768 as codes 0–29, each
    /// with a base and extra bits.
    enum Tables {
        static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
        static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
        static let distanceBase: [UInt16] = [
            1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
        ]
        static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

        /// By length (0–258; below 3 unused): the index of its code in `lengthBase`. 258 has a code
        /// of its own (285), though 284's extra bits could reach it.
        static let lengthCode: [UInt8] = {
            var table = [UInt8](repeating: 0, count: maxMatch + 1)
            for code in lengthBase.indices {
                let base = Int(lengthBase[code])
                for length in base..<min(base + (1 << Int(lengthExtra[code])), maxMatch + 1) { table[length] = UInt8(code) }
            }
            return table
        }()

        /// By distance - 1: its code.
        static let distanceCode: [UInt8] = {
            var table = [UInt8](repeating: 0, count: windowSize)
            for code in distanceBase.indices {
                let base = Int(distanceBase[code])
                for distance in base..<(base + (1 << Int(distanceExtra[code]))) { table[distance - 1] = UInt8(code) }
            }
            return table
        }()
    }
}
