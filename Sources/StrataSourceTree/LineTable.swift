#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Maps byte offsets of a file to 1-based line numbers.
///
/// Cheaper than swift-syntax's `SourceLocationConverter` for the few lookups a scan makes:
/// one pass to find newlines, then a binary search per lookup.
public struct LineTable: Sendable {
    private var lineStarts: [Int] = [0]
    public let byteCount: Int

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        byteCount = bytes.count
        lineStarts.reserveCapacity(bytes.count / 32 + 1)
        guard let base = bytes.baseAddress else { return }
        // Lines end as the compiler ends them: LF, CRLF or a lone CR (old Mac files).
        if memchr(base, Int32(UInt8(ascii: "\r")), bytes.count) != nil {
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (offset + 1 == bytes.count || bytes[offset + 1] != UInt8(ascii: "\n"))) {
                    lineStarts.append(offset + 1)
                }
            }
            return
        }
        var offset = 0
        while offset < bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
            offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            lineStarts.append(offset)
        }
    }

    public init(_ bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { LineTable($0) }
    }

    /// Lines in the file: a final line without a newline counts, an empty file has none.
    public var lineCount: Int {
        if byteCount == 0 { return 0 }
        return lineStarts.last == byteCount ? lineStarts.count - 1 : lineStarts.count
    }

    /// The 1-based line of a byte offset.
    public func line(at offset: Int) -> Int {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid }
        }
        return low + 1
    }
}
