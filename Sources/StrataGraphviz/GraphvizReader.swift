import CGraphviz
import Foundation

/// Reads DOT text into a cgraph graph with object ids that depend only on the text.
///
/// cgraph's default id discipline uses the address of each interned name as its id, and
/// orders subgraphs by id: clusters then come out of `dot` in a different order from run to
/// run (the SVG differs; the layout can too). Here a name's id is its order of first
/// appearance, so the same DOT gives the same drawing. Only used in `GraphvizLayout`'s
/// workers (one thread each): the table is process-wide, as cgraph's callbacks carry no context of ours.
enum GraphvizReader {
    /// Names by id (id = 2 * (index + 1)); anonymous objects get odd ids, as in cgraph.
    nonisolated(unsafe) private static var names: [UnsafeMutablePointer<CChar>] = []
    nonisolated(unsafe) private static var ids: [String: IDTYPE] = [:]
    nonisolated(unsafe) private static var anonymous: IDTYPE = 1

    /// The text being read and how far.
    private struct Source {
        var bytes: UnsafeBufferPointer<CChar>
        var position = 0
    }

    /// Disciplines live for the process: cgraph keeps pointers to them in each graph.
    nonisolated(unsafe) private static let idDiscipline = allocate(Agiddisc_t(
        open: { graph, _ in UnsafeMutableRawPointer(graph) },
        map: { _, _, name, id, create in
            guard let name, let id else {
                GraphvizReader.anonymous += 2
                id?.pointee = GraphvizReader.anonymous
                return 1
            }
            let key = String(cString: name)
            if let known = GraphvizReader.ids[key] {
                id.pointee = known
                return 1
            }
            guard create != 0 else { return 0 }
            GraphvizReader.names.append(strdup(name))
            let new = IDTYPE(GraphvizReader.names.count * 2)
            GraphvizReader.ids[key] = new
            id.pointee = new
            return 1
        },
        alloc: { _, _, _ in 0 },
        free: { _, _, _ in },
        print: { _, _, id in
            guard id % 2 == 0, id > 0, Int(id / 2) <= GraphvizReader.names.count else { return nil }
            return GraphvizReader.names[Int(id / 2) - 1]
        },
        close: { _ in },
        idregister: { _, _, _ in }))

    nonisolated(unsafe) private static let ioDiscipline = allocate(Agiodisc_t(
        afread: { channel, buffer, size in
            // As cgraph's own memory reader: up to one line at a time (its line numbers).
            guard let channel, let buffer, size > 0 else { return 0 }
            let source = channel.assumingMemoryBound(to: Source.self)
            var count = 0
            while count < Int(size), source.pointee.position < source.pointee.bytes.count {
                let byte = source.pointee.bytes[source.pointee.position]
                buffer[count] = byte
                count += 1
                source.pointee.position += 1
                if byte == 10 { break }
            }
            return Int32(count)
        },
        putstr: { _, _ in 0 }, flush: { _ in 0 }))  // nothing is written

    private static func allocate<T>(_ value: T) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: value)
        return pointer
    }

    /// Reads the graph (DOT text without a terminating zero), or nil when cgraph rejects the
    /// text. Call `reset()` after the graph is closed.
    static func read(_ bytes: UnsafeBufferPointer<CChar>) -> UnsafeMutablePointer<Agraph_t>? {
        var source = Source(bytes: bytes)
        var discipline = strata_discipline(idDiscipline, ioDiscipline)
        return withUnsafeMutablePointer(to: &source) { channel in agread(channel, &discipline) }
    }

    /// Makes the disciplines and tables before a worker is forked, so the worker initializes
    /// nothing of Swift's.
    static func prepare() { _ = prepared }

    /// Once per process, before the first fork (the tables are never changed in the parent
    /// after that, so no fork copies them half-changed).
    private static let prepared: Void = {
        _ = (idDiscipline, ioDiscipline)
        ids.reserveCapacity(64)
        names.reserveCapacity(64)
    }()

    /// Frees the names of the last graph read.
    static func reset() {
        for name in names { free(name) }
        names = []
        ids = [:]
        anonymous = 1
    }
}
