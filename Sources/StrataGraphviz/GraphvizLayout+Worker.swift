import CGraphviz
import Foundation
import StrataSourceTree

/// The workers: forking one, the pipe between it and the parent (a drawing's index in; a
/// header and the SVG, or a failure's code, out), the parent's side that reads the pipe under
/// the time limit, and the worker's side, which only calls libgvc and writes.
extension GraphvizLayout {
    // MARK: The parent's side of a worker

    /// In a drawn message's node count: laid out with sfdp (`largest`).
    private static let largeFlag: UInt32 = 1 << 31

    /// Message kinds from a worker.
    private enum Message: UInt32 {
        case drawn = 2, failed
    }

    /// The pipes of live workers: a worker closes those of the others (a worker holding
    /// another's pipe would hide that one's death from the parent).
    private static let descriptorLock = NSLock()
    nonisolated(unsafe) private static var descriptors: [Int32] = []

    /// A pipe whose ends are not inherited by programs that other threads start (git).
    private static func makePipe() -> [Int32]? {
        var ends: [Int32] = [0, 0]
        guard systemPipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return ends
    }

    /// Forks one worker and hands it drawings from `queue` one at a time until the queue is
    /// empty or the worker fails: a drawing it crashes on is left out when it was the
    /// worker's first (a crash may come from an earlier drawing's damage to the heap: then
    /// a fresh worker tries it), one it hangs on is left out, one it sits on without
    /// computing is tried again.
    static func runWorker(_ jobs: [Prepared], queue: Queue, context: OpaquePointer?, seconds timeLimit: Double) {
        guard let first = queue.next() else { return }
        guard let (child, command, output) = forkWorker(jobs, context: context) else {
            queue.set(first, .failure(Failure(description: "no worker: \(String(cString: strerror(errno)))")))
            return
        }
        defer {
            descriptorLock.withLock { descriptors.removeAll { $0 == command || $0 == output } }
            close(command)
            close(output)
        }
        var reader = PipeReader(descriptor: output, child: child)
        var current: Int? = first
        var drawn = 0
        var failure: String?
        drawing: while let index = current {
            guard order(command, index) else { break }
            guard let bytes = reader.read(count: Header.size, within: timeLimit) else {
                failure = reader.timedOut ? "Graphviz took longer than \(TimeBudget.describe(timeLimit))" : nil
                break
            }
            let header = Header(bytes)
            guard header.index == index, let message = header.kind else {
                failure = "the Graphviz worker sent garbage"
                break
            }
            switch message {
            case .drawn:
                guard let body = reader.read(count: Int(header.length), within: timeLimit) else {
                    failure = reader.timedOut ? "Graphviz took longer than \(TimeBudget.describe(timeLimit))" : nil
                    break drawing
                }
                queue.set(index, .success(String(decoding: body, as: UTF8.self)))
                let large = header.value & Self.largeFlag != 0
                record(seconds: Double(header.nanoseconds) / 1e9, engine: large ? "sfdp" : jobs[index].engineName,
                       nodes: Int(header.value & ~Self.largeFlag), name: jobs[index].name)
            case .failed:
                queue.set(index, .failure(Failure(description: Self.reason(Int32(header.value), engine: jobs[index].engineName))))
            }
            drawn += 1
            current = queue.next()
        }
        if current == nil { _ = order(command, Int(UInt32.max)) }
        // Stopped reading before the end: the worker must not outlive this (nor block on a
        // full pipe).
        if current != nil { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        guard let current else { return }
        // A worker that sat without using the processor is stuck on something it inherited
        // from the fork, not on Graphviz; a worker that crashed after other drawings may
        // have been damaged by one of them: a fresh worker tries the drawing again.
        if reader.stalled || (failure == nil && drawn > 0 && !reader.timedOut), queue.retry(current) { return }
        queue.set(current, .failure(Failure(description: failure ?? Self.stopReason(status, stalled: reader.stalled))))
    }

    /// Why a worker stopped when it did not say: it sat still, crashed on a signal, or exited.
    private static func stopReason(_ status: Int32, stalled: Bool) -> String {
        let signal = status & 0x7F
        return stalled ? "the Graphviz worker stopped working"
            : signal != 0 ? "Graphviz crashed (signal \(signal), \(String(cString: strsignal(signal))))"
            : "the Graphviz worker stopped (status \((status >> 8) & 0xFF))"
    }

    /// A message's header as `send` writes it, packed: three `UInt32` (the kind, the drawing,
    /// its node count or the failure's code), then two `UInt64` (nanoseconds, the body's length).
    private struct Header {
        static let size = 4 * 3 + 8 * 2
        let kind: Message?
        let index: Int
        let value: UInt32
        let nanoseconds: UInt64
        let length: UInt64

        init(_ bytes: [UInt8]) {
            let words = bytes.withUnsafeBytes { raw in (0..<3).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) } }
            kind = Message(rawValue: words[0])
            index = Int(words[1])
            value = words[2]
            nanoseconds = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 12, as: UInt64.self) }
            length = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 20, as: UInt64.self) }
        }
    }

    /// A worker process and its two pipes (drawings to lay out in, layouts out); nil when the
    /// pipes or the fork failed (errno says why).
    private static func forkWorker(_ jobs: [Prepared], context: OpaquePointer?) -> (child: pid_t, command: Int32, output: Int32)? {
        descriptorLock.withLock {
            guard let command = makePipe() else { return nil }
            guard let output = makePipe() else {
                command.forEach { close($0) }
                return nil
            }
            let mine = [command[0], output[1]]
            let others = descriptors
            let child = fork()
            if child == 0 {
                for descriptor in others + [command[1], output[0]] { close(descriptor) }
                work(jobs, context: context, input: mine[0], output: mine[1])
            }
            close(command[0])
            close(output[1])
            guard child > 0 else {
                close(command[1])
                close(output[0])
                return nil
            }
            descriptors += [command[1], output[0]]
            return (child, command[1], output[0])
        }
    }

    /// Tells the worker which drawing to lay out next (`UInt32.max`: none, exit); false when
    /// the worker is gone.
    private static func order(_ command: Int32, _ index: Int) -> Bool {
        var word = UInt32(truncatingIfNeeded: index)
        return withUnsafeBytes(of: &word) { FileDescriptor.writeAll(command, $0) == nil }
    }

    /// What the code of a failure `layOut` sent means.
    private static func reason(_ code: Int32, engine: String) -> String {
        switch code {
        case 1: "Graphviz could not start (gvContext)"
        case 2: "Graphviz could not read the generated DOT"
        case 3: "Graphviz has no '\(engine)' layout plugin; run `dot -c` as root (scripts/setup does) so libgvc finds its plugins"
        default: "Graphviz could not render the drawing"
        }
    }

    /// Reads whole messages from the worker's pipe, waiting at most a time limit for each.
    private struct PipeReader {
        let descriptor: Int32
        /// The worker, whose processor time tells a slow layout from a stuck worker.
        let child: pid_t
        var timedOut = false
        /// The worker used no processor time for `stallSeconds` while nothing came.
        var stalled = false
        private var lastTicks: Int?
        private var stillSince: UInt64 = 0

        /// A layout computes; a worker waiting this long without computing is stuck.
        static let stallSeconds: Double = 5

        init(descriptor: Int32, child: pid_t) {
            self.descriptor = descriptor
            self.child = child
        }

        /// The worker's user and system time in clock ticks, from `/proc` (nil elsewhere).
        func processorTicks() -> Int? {
            guard let data = FileManager.default.contents(atPath: "/proc/\(child)/stat") else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            // Fields after the command name, which is in parentheses and may hold spaces.
            guard let close = text.lastIndex(of: ")") else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            return user + system
        }

        /// After a poll that brought nothing: notes whether the worker has been still too long.
        mutating func checkStill(now: UInt64, limit seconds: Double) {
            guard seconds > Self.stallSeconds * 2, let ticks = processorTicks() else { return }
            if ticks != lastTicks {
                lastTicks = ticks
                stillSince = now
            } else if Double(now - stillSince) / 1e9 >= Self.stallSeconds {
                stalled = true
            }
        }

        /// Nil at the end of the pipe or past the time limit (`timedOut`).
        mutating func read(count: Int, within seconds: Double) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var offset = 0
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
            while offset < count {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else {
                    timedOut = true
                    return nil
                }
                var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = systemPoll(&poll, 1, Int32(min(Double(deadline - now) / 1e6, 1_000)) + 1)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else {
                    checkStill(now: DispatchTime.now().uptimeNanoseconds, limit: seconds)
                    if stalled { return nil }
                    continue
                }
                let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + offset, count - offset) }
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return nil }
                offset += got
            }
            return bytes
        }
    }

    // MARK: The worker (a forked child: libgvc calls, CompactSVG within them, and writes only)

    /// libgvc's context, made once in this process before the first fork, with the layout
    /// plugins of both engines and `CompactSVG` loaded and a worker's whole path run once (to
    /// /dev/null). A worker then loads no library and initializes nothing of Swift's (the
    /// renderer's types, made by that run, must not grow new generic ones): a forked
    /// child must never wait on a lock that another thread of the parent held at the fork
    /// (the dynamic loader's, the Swift runtime's), or it hangs until the time limit.
    nonisolated(unsafe) static let context: OpaquePointer? = {
        GraphvizReader.prepare()
        _ = (largest, largeFlag)
        guard let context = Plugins.context() else { return nil }
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return context }
        defer { close(null) }
        // Every kind of shape, style and label `CompactSVG` writes (a rounded box, a box with
        // lines, a dashed cluster, a translucent dashed edge with an xlabel, a font Graphviz
        // knows an alias of): the Swift runtime's type metadata they need is made here.
        let dot = ContiguousArray(Self.warmUp.utf8.map { CChar(bitPattern: $0) })
        for engine in ["dot", "sfdp"] {
            let job = Prepared(dot: dot, engine: ContiguousArray(engine.utf8CString), engineName: engine, automatic: false, name: "", abort: false, hang: false)
            layOut(job, context: context, index: 0, output: null)
        }
        send(null, .failed, 0, 0)
        // Telling a worker that died while freeing its last drawing what to draw next must be
        // an error, not a SIGPIPE that ends Strata (as for git, `GitRevisionTree`).
        signal(SIGPIPE, SIG_IGN)
        return context
    }()

    static let warmUp = """
        digraph { graph [fontname="Helvetica,Arial,sans-serif"]; subgraph cluster_0 { style="rounded,dashed"; label=c; \
        a [shape=box, style="rounded,filled", fillcolor="#eef2f7"] } b [shape=box3d, fontname="Times-Roman", fontcolor="#4b5563"]; \
        c [shape=ellipse, peripheries=2]; a -> b [xlabel=x, style=dashed, penwidth=2, color="#7a889980"]; b -> c [style=dotted] }
        """

    /// Lays out the drawings the parent names on `input`, one at a time, until it names
    /// none (or is gone), then exits.
    private static func work(_ jobs: [Prepared], context: OpaquePointer?, input: Int32, output: Int32) -> Never {
        // A crash ends the worker quietly: no core file, no Swift backtrace (seconds each).
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        #else
        setrlimit(RLIMIT_CORE, &none)
        #endif
        for signal in [SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP] { _ = systemSignal(signal, SIG_DFL) }
        // Graphviz's own messages and glibc's heap reports would repeat what the warning says.
        let null = open("/dev/null", O_WRONLY)
        if null >= 0 { dup2(null, 2) }
        while true {
            var word: UInt32 = 0
            var got = 0
            while got < 4 {
                let count = withUnsafeMutableBytes(of: &word) { systemRead(input, $0.baseAddress! + got, 4 - got) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { _exit(0) }
                got += count
            }
            let index = Int(word)
            guard index < jobs.count else { _exit(0) }
            if jobs[index].abort { abort() }
            while jobs[index].hang { pause() }
            layOut(jobs[index], context: context, index: index, output: output)
        }
    }

    private static func layOut(_ job: Prepared, context: OpaquePointer?, index: Int, output: Int32) {
        let started = DispatchTime.now().uptimeNanoseconds
        guard let context else { return send(output, .failed, index, 1) }
        defer { GraphvizReader.reset() }
        guard let graph = job.dot.withUnsafeBufferPointer({ GraphvizReader.read($0) }) else {
            return send(output, .failed, index, 2)
        }
        defer { agclose(graph) }
        let nodes = UInt32(agnnodes(graph))
        let large = job.automatic && (Int(nodes) > largest.nodes || Int(agnedges(graph)) > largest.edges)
        guard (large ? job.large : job.engine).withUnsafeBufferPointer({ gvLayout(context, graph, $0.baseAddress) }) == 0 else {
            return send(output, .failed, index, 3)
        }
        defer { gvFreeLayout(context, graph) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, CompactSVG.format, &buffer, &length) == 0, let buffer else {
            return send(output, .failed, index, 4)
        }
        defer { gvFreeRenderData(buffer) }
        // Sent before anything is freed: a crash while freeing costs no drawing.
        let elapsed = DispatchTime.now().uptimeNanoseconds - started
        send(output, .drawn, index, nodes | (large ? largeFlag : 0), nanoseconds: elapsed, body: UnsafeRawBufferPointer(start: buffer, count: Int(length)))
    }

    private static func send(
        _ output: Int32, _ kind: Message, _ index: Int, _ value: UInt32, nanoseconds: UInt64 = 0,
        body: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0)
    ) {
        // The parent gone: the worker has nothing left to do.
        func put(_ bytes: UnsafeRawBufferPointer) { if FileDescriptor.writeAll(output, bytes) != nil { _exit(1) } }
        var header = (kind.rawValue, UInt32(index), value, nanoseconds, UInt64(body.count))
        withUnsafeBytes(of: &header) { raw in
            // The tuple's layout: three UInt32 then (aligned) two UInt64; sent packed.
            put(UnsafeRawBufferPointer(rebasing: raw[0..<12]))
            put(UnsafeRawBufferPointer(rebasing: raw[16..<32]))
        }
        if body.count > 0 { put(body) }
    }
}

#if canImport(Glibc)
private let systemPipe = Glibc.pipe, systemPoll = Glibc.poll, systemRead = Glibc.read
private let systemSignal = Glibc.signal
#else
private let systemPipe = Darwin.pipe, systemPoll = Darwin.poll, systemRead = Darwin.read
private let systemSignal = Darwin.signal
#endif
