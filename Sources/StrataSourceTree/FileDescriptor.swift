#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one loop that writes to a file descriptor (a file, a pipe to git or to a Graphviz worker).
public enum FileDescriptor {
    /// Writes all of `bytes`, again where a signal interrupted; nil when every byte was
    /// written, else the errno (EIO when the descriptor takes nothing more).
    public static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            guard count > 0 else { return EIO }
            offset += count
        }
        return nil
    }
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif
