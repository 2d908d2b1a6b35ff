// The one place the harness imports the C library. Re-exported: the POSIX calls every
// platform offers alike (open, read, write, rename, kill, waitpid …) are called where they
// are used; everything that differs between platforms is a member of `Platform`, in this
// folder, and nowhere else (scripts/platform-check.sh enforces it).
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif

/// The operating system under the harness: every call that differs between platforms.
///
/// Three implementations, chosen at compile time:
/// - Linux: its own calls where they serve better (`/proc`, perf events, unnamed files).
/// - The portable path: POSIX alone. Darwin takes it, with the few Darwin calls listed in
///   the manual's Platforms article; so does a Linux build with `-DSIMBENCH_PORTABLE`
///   (`swift build -Xswiftc -DSIMBENCH_PORTABLE -Xcc -DSIMBENCH_PORTABLE`), which is how
///   the path macOS takes is built and tested on Linux.
///
/// What the portable path cannot measure is reported as unavailable with its reason, never
/// as zero: see `capabilities`.
public enum Platform {
    /// Whether Linux's own calls serve (false on Darwin and in the portable build).
    static let isLinux: Bool = {
        #if os(Linux) && !SIMBENCH_PORTABLE
            true
        #else
            false
        #endif
    }()

    /// The platform as `simbench doctor` names it.
    public static let name: String = {
        #if os(Linux) && SIMBENCH_PORTABLE
            "Linux, portable build (the POSIX path macOS takes)"
        #elseif os(Linux)
            "Linux"
        #elseif os(macOS)
            "macOS"
        #else
            "an untested POSIX system"
        #endif
    }()

    /// Why a Linux-only measurement is missing here: the one phrase every unavailable
    /// capability ends with.
    static let notLinux: String = {
        #if os(Linux)
            "not in the portable build"
        #else
            "Linux only"
        #endif
    }()

    /// A small text file such as a `/proc` entry (Foundation-free), or nil.
    static func readSmallFile(_ path: String, capacity: Int) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: capacity)
        let length = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        return String(decoding: bytes[..<length], as: UTF8.self)
    }
}
