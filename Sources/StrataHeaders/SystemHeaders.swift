/// Headers of the C library and the compiler that a module's headers include and that Swift
/// gives a file through `Foundation`, `Darwin` or `Glibc` too: the headers the toolchain's
/// `SwiftGlibc.h` includes, the compiler's own, and Darwin's few common others. A header
/// outside the repository and not listed (`<sys/epoll.h>`, `<sqlite3.h>`) declares what only
/// the module may give the file.
public enum SystemHeaders {
    public static let cLibrary: Set<String> = [
        // SwiftGlibc.h (Swift 6.3).
        "stdc-predef.h", "features.h", "complex.h", "ctype.h", "errno.h", "fenv.h", "float.h", "inttypes.h", "iso646.h", "libutil.h",
        "limits.h", "locale.h", "math.h", "pty.h", "setjmp.h", "signal.h", "stdarg.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h",
        "stdlib.h", "string.h", "tgmath.h", "time.h", "util.h", "utmp.h", "aio.h", "arpa/inet.h", "bsd/ifaddrs.h", "bsd/pty.h",
        "cpio.h", "dirent.h", "dlfcn.h", "fcntl.h", "fmtmsg.h", "fnmatch.h", "ftw.h", "glob.h", "grp.h", "iconv.h", "ifaddrs.h",
        "langinfo.h", "libgen.h", "link.h", "monetary.h", "net/if.h", "netdb.h", "netinet/in.h", "netinet/tcp.h", "nl_types.h",
        "poll.h", "pthread.h", "pthread_np.h", "pwd.h", "regex.h", "sched.h", "search.h", "semaphore.h", "spawn.h", "strings.h",
        "sys/event.h", "sys/extattr.h", "sys/file.h", "sys/inotify.h", "sys/ioctl.h", "sys/ipc.h", "sys/mman.h", "sys/mount.h",
        "sys/msg.h", "sys/resource.h", "sys/select.h", "sys/sem.h", "sys/sendfile.h", "sys/shm.h", "sys/socket.h", "sys/stat.h",
        "sys/statvfs.h", "sys/time.h", "sys/times.h", "sys/types.h", "sys/uio.h", "sys/umtx.h", "sys/un.h", "sys/user.h",
        "sys/utsname.h", "sys/wait.h", "sysexits.h", "syslog.h", "tar.h", "termios.h", "ulimit.h", "unistd.h", "utime.h", "utmpx.h",
        "wait.h", "wordexp.h",
        // The compiler's own, and C11's.
        "stdatomic.h", "stdalign.h", "stdnoreturn.h", "uchar.h", "wchar.h", "wctype.h", "assert.h", "alloca.h", "malloc.h",
        // Darwin's, which its module gives.
        "TargetConditionals.h", "Availability.h", "AvailabilityMacros.h", "AvailabilityVersions.h", "os/availability.h", "sys/cdefs.h",
        "sys/param.h", "sys/sysctl.h", "sys/errno.h", "sys/fcntl.h", "sys/signal.h", "sys/syslimits.h", "sys/queue.h",
        "libkern/OSAtomic.h", "malloc/malloc.h", "mach/mach.h", "mach/mach_time.h", "xlocale.h",
    ]

    /// The module of Apple's SDK a header path names by its first folder when that is not the
    /// module's name (`dispatch/dispatch.h` is `Dispatch`).
    public static let frameworkFolders: [String: String] = [
        "dispatch": "Dispatch", "objc": "ObjectiveC", "os": "os", "CoreFoundation": "CoreFoundation", "mach": "Darwin", "libkern": "Darwin",
    ]
}
