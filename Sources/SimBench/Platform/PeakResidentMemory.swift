/// The resident-memory high-water mark of one region of a run.
///
/// `ru_maxrss` only ever grows over a process's life, so after a large scenario it says
/// nothing about a small one. Linux resets the mark when "5" is written to
/// `/proc/self/clear_refs` and reports it as `VmHWM` in `/proc/self/status`; where either
/// is missing (and on every other platform: POSIX offers no reset) the peak is unknown (nil)
/// rather than misleading.
enum PeakResidentMemory {
    /// Starts a new region: the high-water mark drops to the current resident size.
    /// Returns whether the reset took effect.
    @discardableResult
    static func reset() -> Bool {
        guard Platform.isLinux else { return false }
        let descriptor = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// The high-water mark since the last reset, in bytes.
    static func current() -> UInt64? {
        guard Platform.isLinux else { return nil }
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let length = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard length > 0 else { return nil }
        return highWaterMark(status: String(decoding: bytes[..<length], as: UTF8.self))
    }

    /// The `VmHWM` line of `/proc/self/status`, in bytes.
    ///
    /// The kernel prints it as `"VmHWM:\t%8lu kB"`: from 10 GB on (8 digits of kB) no space
    /// is left between the tab and the number, so the fields are split at tabs and spaces.
    static func highWaterMark(status: String) -> UInt64? {
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
                .flatMap { UInt64($0) }
            return digits.map { $0 * 1024 }  // kB
        }
        return nil
    }
}
