import Foundation
import StrataModel
import StrataSourceTree

/// Graphviz layouts kept between runs in one cache file: each drawing's SVG keyed by the hash
/// of its engine and DOT text, the file stamped with the Graphviz library that drew them. An
/// unchanged repository skips Graphviz, and a changed one lays out only the drawings that
/// changed. The file keeps the layouts the last run used, no others.
///
/// One file, not one per drawing: a warm run of a few hundred drawings reads and checks one
/// file (`CacheFile`) instead of hundreds. A damaged file is one note, and every drawing is
/// laid out again. The file also names the drawings of the last run in order, with a digest
/// of their inputs: a run of the same inputs takes them by position without making their
/// DOT (`lastRun`).
public final class LayoutCache: @unchecked Sendable {
    public let file: String
    private let lock = NSLock()
    /// The layouts read from the file (loaded on first use), by key.
    private var stored: [ContentHash: Substring.UTF8View]?
    /// The layouts this run used or made, by key.
    private var used: [ContentHash: String] = [:]
    /// Whether a layout was made since the file was read or written.
    private var changed = false
    /// How many layouts the file holds.
    private var saved = 0
    /// The last run's inputs and its drawings' keys in order: as read, then as this run made them.
    private var index: (inputs: String, keys: [ContentHash])?
    private var indexChanged = false

    /// - Parameter file: the cache file (a sibling of the facts cache).
    public init(file: String) {
        self.file = file
    }

    /// The key of a drawing: its engine (or the budget that chooses it) and DOT text.
    static func key(_ job: GraphvizLayout.Job) -> ContentHash {
        var bytes = Array((job.engine ?? "auto \(GraphvizLayout.largest.nodes) \(GraphvizLayout.largest.edges)").utf8)
        bytes.append(0)
        bytes += job.dot.utf8
        return ContentHash(bytes)
    }

    /// The cached layouts of these drawings (nil where there is none); a damaged file is
    /// reported through `tell` and treated as empty.
    func svgs(for keys: [ContentHash], tell: (String) -> Void) -> [String?] {
        lock.withLock {
            loadOnce(tell: tell)
            return keys.map(svg(for:))
        }
    }

    /// The layout of a key, from this run or the file (taken into this run's); nil when
    /// there is none. Call it holding the lock, after `loadOnce`.
    private func svg(for key: ContentHash) -> String? {
        if let svg = used[key] { return svg }
        guard let bytes = stored?[key] else { return nil }
        let svg = String(Substring(bytes))
        used[key] = svg
        return svg
    }

    private func loadOnce(tell: (String) -> Void) {
        guard stored == nil else { return }
        stored = load(tell: tell)
        saved = stored?.count ?? 0
    }

    /// The layouts of the last run in order, when it drew `count` drawings of these inputs and
    /// the file holds them all; nil otherwise.
    func lastRun(inputs: String, count: Int, tell: (String) -> Void) -> [String]? {
        lock.withLock {
            loadOnce(tell: tell)
            guard let index, index.inputs == inputs, index.keys.count == count else { return nil }
            var svgs: [String] = []
            svgs.reserveCapacity(count)
            for key in index.keys {
                guard let svg = svg(for: key) else { return nil }
                svgs.append(svg)
            }
            return svgs
        }
    }

    /// Names the drawings of this run, in order, for the next run of the same inputs.
    func remember(inputs: String, keys: [ContentHash]) {
        lock.withLock {
            if index?.inputs != inputs || index?.keys != keys { indexChanged = true }
            index = (inputs, keys)
        }
    }

    /// Keeps a layout for the next run (written by `save`).
    func store(_ svg: String, for key: ContentHash) {
        lock.withLock {
            used[key] = svg
            changed = true
        }
    }

    /// Writes the layouts this run used, when they differ from the file's (call it once the
    /// run's last drawing is made). A cache that cannot be written is only slower: the
    /// failure is returned, for one line.
    public func save() -> AtomicFile.Failure? {
        let contents: (entries: [(key: ContentHash, value: String)], index: (inputs: String, keys: [ContentHash])?)? = lock.withLock {
            guard changed || indexChanged || used.count != saved else { return nil }
            changed = false
            indexChanged = false
            saved = used.count
            return (used.sorted { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }, index)
        }
        guard let (entries, index) = contents else { return nil }
        var payload = Array(Self.header.utf8)
        if let index, !index.inputs.contains("\n") {
            payload += "inputs \(index.inputs)\n".utf8
            for key in index.keys { payload += (key.hex + "\n").utf8 }
        }
        payload += "layouts\n".utf8
        for (key, svg) in entries {
            payload += "\(key.hex) \(svg.utf8.count)\n".utf8
            payload += svg.utf8
        }
        do {
            try CacheFile.write(payload, to: file)
            return nil
        } catch {
            return error
        }
    }

    /// The first line of the file: its format and the Graphviz library that drew the layouts.
    /// Format 3: the layouts are `CompactSVG`'s.
    static let header = "strata-layouts 3 \(GraphvizLayout.libraryVersion)\n"

    /// The file's layouts by key; empty when there is none, it is damaged (told), or it was
    /// drawn by another Graphviz.
    private func load(tell: (String) -> Void) -> [ContentHash: Substring.UTF8View] {
        let bytes: [UInt8]
        switch CacheFile.read(file) {
        case .missing: return [:]
        case .damaged:
            tell("note: " + CacheFile.damageNote(file))
            return [:]
        case .intact(let payload): bytes = payload
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.starts(with: Self.header.utf8) else { return [:] }
        var entries: [ContentHash: Substring.UTF8View] = [:]
        var position = text.utf8.index(text.utf8.startIndex, offsetBy: Self.header.utf8.count)
        let utf8 = text.utf8
        // "inputs <digest>\n" and a key a line, then "layouts\n".
        var lines: [Substring] = []
        while let newline = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) {
            let line = Substring(utf8[position..<newline])
            position = utf8.index(after: newline)
            if line == "layouts" { break }
            lines.append(line)
        }
        if let first = lines.first, first.hasPrefix("inputs ") {
            let keys = lines.dropFirst().compactMap { ContentHash(hex: $0) }
            if keys.count == lines.count - 1 { index = (String(first.dropFirst("inputs ".count)), keys) }
        }
        while position < utf8.endIndex {
            // "<32 hex> <length>\n<svg>"
            guard let newline = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) else { return [:] }
            let line = utf8[position..<newline].split(separator: UInt8(ascii: " "))
            guard line.count == 2, let key = ContentHash(hex: Substring(line[0])), let length = Int(Substring(line[1])),
                let end = utf8.index(newline, offsetBy: length + 1, limitedBy: utf8.endIndex)
            else { return [:] }
            entries[key] = Substring(utf8[utf8.index(after: newline)..<end]).utf8
            position = end
        }
        return entries
    }
}

extension ContentHash {
    /// The hash `hex` wrote, or nil.
    public init?(hex: Substring) {
        guard hex.count == 32, let high = UInt64(hex.prefix(16), radix: 16), let low = UInt64(hex.suffix(16), radix: 16) else { return nil }
        self.init(high: high, low: low)
    }

    /// 32 hex digits (`description` drops leading zeros).
    public var hex: String {
        let digits = { (value: UInt64) in
            let text = String(value, radix: 16)
            return String(repeating: "0", count: 16 - text.count) + text
        }
        return digits(high) + digits(low)
    }
}
