import Foundation

/// The machine and build a run happened on, printed with the results and stored in every
/// CSV row, so that a number is never separated from where it was measured.
public struct RunEnvironment: Sendable, Equatable {
    public var runID: String
    /// ISO 8601, UTC.
    public var timestamp: String
    public var host: String
    public var cpu: String
    public var cores: Int
    public var loadAverage: String
    public var os: String
    public var swiftVersion: String
    public var buildConfiguration: String
    public var buildFlags: String
    /// The repository commit the working directory is on, with `+dirty` for uncommitted
    /// changes; empty outside a repository.
    public var gitCommit: String
    public var physicalMemory: UInt64
    /// The processor beyond its name: what tells two "AMD EPYC" hosts apart.
    public var hostIdentity = HostIdentity.unknown

    /// The processor in a few words, for a run's header: its name, then its identity in
    /// parentheses (`Intel(R) Xeon(R) Processor (family 6 model 207 stepping 2, L2 2 MB,
    /// L3 260 MB, KVM)`).
    public var cpuDescription: String {
        let phrase = hostIdentity.phrase
        return phrase.isEmpty ? cpu : "\(cpu) (\(phrase))"
    }

    /// The processor in fewer words, for a header line that fits 80 columns: its name without
    /// trademark signs, the words "Processor" and "CPU" or a clock ("@ 2.60GHz"), then its
    /// generation: `Intel Xeon (family 6 model 207)`.
    public var briefCPUDescription: String {
        var words = cpu.split(separator: " ").map { word in
            ["(R)", "(r)", "(TM)", "(tm)"].reduce(String(word)) {
                $0.replacingOccurrences(of: $1, with: "")
            }
        }
        if let clock = words.firstIndex(of: "@") { words.removeSubrange(clock...) }
        words.removeAll { ["Processor", "CPU", ""].contains($0) }
        let name = words.isEmpty ? cpu : words.joined(separator: " ")
        let phrase = hostIdentity.briefPhrase
        return phrase.isEmpty ? name : "\(name) (\(phrase))"
    }

    /// The cores this process may run on: how many workers can run at once.
    public static var activeProcessorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    public static var isDebugBuild: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Reads the current machine.
    public static func current(now: Date = Date()) -> RunEnvironment {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        let timestamp = formatter.string(from: now)
        var compact = timestamp.filter { $0 != "-" && $0 != ":" }
        compact.removeLast()  // "Z"
        let runID = "\(compact)Z-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"

        var loads = [Double](repeating: 0, count: 3)
        let loadCount = getloadavg(&loads, 3)
        let loadAverage =
            loadCount == 3 ? loads.map { String(format: "%.2f", $0) }.joined(separator: " ") : ""

        return RunEnvironment(
            runID: runID,
            timestamp: timestamp,
            host: ProcessInfo.processInfo.hostName,
            cpu: cpuModel(),
            cores: activeProcessorCount,
            loadAverage: loadAverage,
            os: operatingSystem(),
            swiftVersion: compilerVersion,
            buildConfiguration: isDebugBuild ? "debug" : "release",
            buildFlags: isDebugBuild ? "-Onone" : "-O",
            gitCommit: gitCommit(),
            physicalMemory: ProcessInfo.processInfo.physicalMemory,
            hostIdentity: Platform.hostIdentity())
    }

    /// The compiler that built this binary, to the minor version.
    static var compilerVersion: String {
        #if compiler(>=7.0)
            "7.0+"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #else
            "6.1 or older"
        #endif
    }

    private static func cpuModel() -> String {
        Platform.processorModel()?.trimmingCharacters(in: .whitespaces) ?? "unknown"
    }

    private static func operatingSystem() -> String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return "\(text(name.sysname)) \(text(name.release)) \(text(name.machine))"
    }

    private static func gitCommit() -> String {
        guard let commit = git(["rev-parse", "--short=12", "HEAD"]), !commit.isEmpty else {
            return ""
        }
        let status = git(["status", "--porcelain", "--untracked-files=no"]) ?? ""
        return status.isEmpty ? commit : commit + "+dirty"
    }

    private static func git(_ arguments: [String]) -> String? {
        guard
            let ended = try? ChildProcess.run(
                "/usr/bin/env", arguments: ["git"] + arguments,
                environment: ProcessInfo.processInfo.environment, standardError: .discard),
            ended.exitStatus == 0
        else { return nil }
        return String(decoding: ended.standardOutput, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
