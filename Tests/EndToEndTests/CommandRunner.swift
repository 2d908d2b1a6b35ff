import Foundation
import SimBench
import Testing

/// Runs the built `simbench` executable and captures what a user would see.
struct CommandResult {
    var status: Int32
    var standardOutput: String
    var standardError: String
    /// The child was ended by a signal (`status` is then the signal's number).
    var signaled = false
    /// The child outlived its timeout and was killed.
    var timedOut = false

    var errorLines: [String] {
        standardError.split(separator: "\n").map(String.init)
    }
}

enum SimBenchBinary {
    /// The executable built next to the test bundle (same products directory).
    static let url: URL = {
        let products = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidate = products.appendingPathComponent("simbench")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        // Fallback: the package's default debug build.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/simbench")
    }()

    /// A release build of simbench beside the debug one, where the tests run from a debug
    /// build (`swift build -c release` makes it): the build users measure with, for the long
    /// tests that run real sizes or count instructions.
    static let release: URL = {
        let products = url.deletingLastPathComponent()
        if products.lastPathComponent == "release" { return url }
        return products.deletingLastPathComponent().appendingPathComponent("release/simbench")
    }()

    /// Whether that release build is there.
    static var releaseBuilt: Bool { FileManager.default.isExecutableFile(atPath: release.path) }

    /// How long a child may run before it is killed and the test fails: no end-to-end test
    /// hangs when a child does.
    static let defaultTimeout: Double = 120

    /// Runs simbench with `arguments`; `columns` sets `COLUMNS`, which is otherwise removed
    /// so that reports take their default width whatever terminal runs the tests, and
    /// `variables` are set over the test process's environment.
    ///
    /// Started with `ChildProcess`, not Foundation's `Process`, whose `run()` crashes now and
    /// then on Linux when many children start (swift-corelibs-foundation #5472).
    /// `standardOutput` is captured unless given (`.file("/dev/full")`: a full disk).
    static func run(
        _ arguments: [String], in directory: URL? = nil, columns: Int? = nil,
        timeout: Double = defaultTimeout, executable: URL? = nil,
        standardOutput: ChildProcess.Output = .capture, variables: [String: String] = [:]
    ) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = columns.map(String.init)
        environment.merge(variables) { $1 }
        let executablePath = (executable ?? url).path
        let ended = try ChildProcess.run(
            executablePath, arguments: unpaced(arguments), environment: environment,
            directory: directory?.path, standardOutput: standardOutput, timeout: timeout)
        if ended.timedOut {
            Issue.record("\(arguments) did not finish within \(timeout) s and was killed")
        }
        return CommandResult(
            status: ended.exitStatus ?? ended.signal ?? -1,
            standardOutput: String(decoding: ended.standardOutput, as: UTF8.self),
            standardError: String(decoding: ended.standardError, as: UTF8.self),
            signaled: ended.signal != nil, timedOut: ended.timedOut)
    }
}

extension SimBenchBinary {
    /// A test's `run` starts each process as the last ends (`--span 0`) unless the test
    /// gives `--span` itself: the tests check what a run does and writes, never how far its
    /// intervals reach, and the default span would make every run of theirs last 20 s.
    static func unpaced(_ arguments: [String]) -> [String] {
        guard arguments.first == "run",
            !arguments.contains(where: { $0 == "--span" || $0.hasPrefix("--span=") })
        else { return arguments }
        return ["run", "--span", "0"] + arguments.dropFirst()
    }
}

/// The end-to-end checks that take minutes on a 2-core machine (real builds, real-size runs,
/// runs under Valgrind): `swift test` leaves them out, so that the loop stays fast, and
/// `scripts/long-tests.sh`, which `.ci/run` calls, runs them with `SIMBENCH_LONG_TESTS=1`.
/// A suite or test joins them with `.enabled(if: LongTests.enabled, "…")`, the reason naming
/// the script; the script finds them by that condition.
enum LongTests {
    static let enabled = ProcessInfo.processInfo.environment["SIMBENCH_LONG_TESTS"] == "1"
}

/// What the host running the tests offers: some tests read or write Linux's own files
/// (`/proc`, `/dev/full`) or run util-linux's `script`, which macOS lacks; those tests run
/// where they are, and say so where they are not.
enum TestHost {
    static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
}

/// A fresh directory for one test's files, removed afterwards.
final class ScratchDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "simbench-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    var contents: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.sorted() ?? []
    }
}

/// Parses RFC 4180 CSV text into records (enough for the files simbench writes).
func parseCSV(_ text: String) -> [[String]] {
    var records = [[String]]()
    var record = [String]()
    var field = ""
    var quoted = false
    var iterator = Array(text).makeIterator()
    var pending: Character? = nil
    while let character = pending ?? iterator.next() {
        pending = nil
        if quoted {
            if character == "\"" {
                if let next = iterator.next() {
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    quoted = false
                }
            } else {
                field.append(character)
            }
            continue
        }
        switch character {
        case "\"": quoted = true
        case ",":
            record.append(field)
            field = ""
        case "\r\n", "\n":
            record.append(field)
            records.append(record)
            record = []
            field = ""
        default: field.append(character)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}

/// The CSV's rows as dictionaries keyed by the header.
func csvRows(at path: String) throws -> [[String: String]] {
    let records = parseCSV(try String(contentsOfFile: path, encoding: .utf8))
    guard let header = records.first else { return [] }
    return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
}
