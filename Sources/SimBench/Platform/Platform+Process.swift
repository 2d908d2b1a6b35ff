import Foundation

extension Platform {
    /// This binary's path, to start again as a child: one that survives a relative
    /// `argv[0]` and a changed working directory where the platform says it (Linux's
    /// `/proc/self/exe`, Darwin's `_NSGetExecutablePath`); the portable build resolves
    /// `argv[0]` against the working directory and `PATH`.
    static func executablePath() -> String {
        #if os(Linux) && !SIMBENCH_PORTABLE
            if let path = try? FileManager.default.destinationOfSymbolicLink(
                atPath: "/proc/self/exe")
            {
                return path
            }
        #elseif canImport(Darwin)
            var size = UInt32(PATH_MAX) + 1
            var buffer = [CChar](repeating: 0, count: Int(size))
            if _NSGetExecutablePath(&buffer, &size) == 0,
                let resolved = realPath(String(cString: buffer))
            {
                return resolved
            }
        #endif
        let argument = CommandLine.arguments[0]
        if argument.contains("/") { return realPath(argument) ?? argument }
        let directories = (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":")
        for directory in directories {
            let candidate = "\(directory)/\(argument)"
            if access(candidate, X_OK) == 0 { return realPath(candidate) ?? candidate }
        }
        return argument
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The processor's model name (Linux: the first processor's `model name` in
    /// `/proc/cpuinfo`, read as `hostIdentity` reads it; Darwin: the sysctl
    /// `machdep.cpu.brand_string`); nil where it cannot be read.
    static func processorModel() -> String? {
        #if os(Linux) && !SIMBENCH_PORTABLE
            cpuinfo().flatMap { HostIdentity.firstProcessor($0)["model name"] }
        #elseif canImport(Darwin)
            var size = 0
            guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 1
            else { return nil }
            var buffer = [CChar](repeating: 0, count: size)
            guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else {
                return nil
            }
            return String(cString: buffer)
        #else
            return nil
        #endif
    }

    /// The IDs of the process's threads (Linux: `/proc/self/task`), for counters opened per
    /// thread; nil where they cannot be listed.
    static func threadIDs() -> [Int32]? {
        #if os(Linux) && !SIMBENCH_PORTABLE
            guard let directory = opendir("/proc/self/task") else { return nil }
            defer { closedir(directory) }
            var threads = [Int32]()
            while let entry = readdir(directory) {
                let name = directoryEntryName(entry)
                if let thread = Int32(name) { threads.append(thread) }
            }
            return threads.isEmpty ? nil : threads
        #else
            return nil
        #endif
    }

    /// The function `name` in any object of the process (`dlsym(RTLD_DEFAULT, …)`: null on
    /// glibc, -2 on Darwin).
    static func symbol(named name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
        #else
            dlsym(nil, name)
        #endif
    }

    /// The dynamic loader's variable naming libraries to load into a child before its own:
    /// how the allocation counter gets into the counting child.
    static var preloadVariable: String {
        #if canImport(Darwin)
            "DYLD_INSERT_LIBRARIES"
        #else
            "LD_PRELOAD"
        #endif
    }

    /// The file name of a shared library called `name` here.
    static func sharedLibrary(_ name: String) -> String {
        #if canImport(Darwin)
            "lib\(name).dylib"
        #else
            "lib\(name).so"
        #endif
    }
}
