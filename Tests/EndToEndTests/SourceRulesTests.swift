import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine
@testable import simbench

/// Rules of the house that the sources themselves must keep, read from the files.
@Suite("source rules")
struct SourceRulesTests {
    /// The package's root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `folder` (relative to the root), by path relative to the root.
    static func swiftFiles(under folder: String) throws -> [String: String] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
        var files = [String: String]()
        for path in paths ?? [] where path.hasSuffix(".swift") {
            files["\(folder)/\(path)"] = try String(
                contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// What a file reads from its environment: the subscripts of
    /// `ProcessInfo.processInfo.environment[…]`.
    static func environmentReads(in text: String) -> [String] {
        let marker = "ProcessInfo.processInfo.environment["
        var reads = [String]()
        var rest = text[...]
        while let start = rest.range(of: marker) {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "]") else { break }
            reads.append(String(after[..<end]))
            rest = after[end...]
        }
        return reads
    }

    @Test("one environment variable makes a process a child, and it is read in one place")
    func oneChildVariable() throws {
        let files = try Self.swiftFiles(under: "Sources")
        #expect(files.count > 100, "the sources were found: \(files.count) files")
        var reads = [(file: String, key: String)]()
        for (path, text) in files {
            reads += Self.environmentReads(in: text).map { (path, $0) }
            // Every variable of simbench's own is declared once, by name: the child role's,
            // the user's choice of allocation library, the lifeline's list of files a
            // child removes when its parent is gone (`ChildLifeline`), and the file runs take
            // turns on the machine through (`MachineTurns`): the last three no dispatch, and
            // the lifeline read only once the role has made this a child.
            for (offset, part) in text.components(separatedBy: "\"SIMBENCH_").enumerated()
            where offset > 0 {
                let name = "SIMBENCH_" + part.prefix { $0 != "\"" }
                #expect(
                    [
                        "SIMBENCH_CHILD_REQUEST", "SIMBENCH_ALLOCATION_LIBRARY",
                        "SIMBENCH_LIFELINE", "SIMBENCH_MACHINE_TURNS",
                    ].contains(name),
                    "\(path) names \(name)")
            }
        }
        // What the harness and the command line read: the child role, the allocation
        // library, the machine's turns, and the system's own variables.
        let allowed: Set = [
            "requestVariable", "libraryVariable", "MachineTurns.variable",
            "Platform.preloadVariable", "\"PATH\"", "\"COLUMNS\"",
        ]
        for read in reads {
            #expect(allowed.contains(read.key), "\(read.file) reads \(read.key)")
        }
        let role = reads.filter { $0.key == "requestVariable" }
        #expect(role.map(\.file) == ["Sources/SimBench/Run/Child/ChildRole.swift"], "\(role)")
        // The command line serves children through the same public entry a library user calls.
        let main = try #require(files["Sources/SimBenchCommandLine/SimBenchCommand.swift"])
        #expect(main.contains("ChildRole.serveIfRequested(catalog: catalog)"))
        #expect(ChildRole.requestVariable == "SIMBENCH_CHILD_REQUEST")
    }

    /// The flags and `UsageError` in `text`: `--machines` and the like, each a flag some
    /// command declares, standing alone (not the start of a longer word).
    static func commandLineWords(in text: String, flags: Set<String>) -> [String] {
        var found = text.contains("UsageError") ? ["UsageError"] : []
        for flag in flags.sorted() {
            var rest = text[...]
            while let range = rest.range(of: flag) {
                let next = rest[range.upperBound...].first
                if next.map({ !($0.isLetter || $0.isNumber || $0 == "-") }) ?? true {
                    found.append(flag)
                    break
                }
                rest = rest[range.upperBound...]
            }
        }
        return found
    }

    @Test("the harness names no command-line flag and no UsageError")
    func harnessSpeaksItsOwnLanguage() throws {
        let flags = Set(
            BenchmarkTool.simbench.commands.flatMap { $0.summary.options.flatMap(\.names) }
                .filter { $0.hasPrefix("--") })
        #expect(flags.contains("--machines") && flags.contains("--param"), "\(flags.sorted())")
        let files = try Self.swiftFiles(under: "Sources/SimBench")
        #expect(files.count > 100)
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let words = Self.commandLineWords(in: text, flags: flags)
            #expect(words.isEmpty, "\(path) names \(words.joined(separator: ", "))")
        }
        // The exit statuses are the command line's.
        for (path, text) in files {
            #expect(!text.contains("ExitStatus"), "\(path) names ExitStatus")
        }
    }

    /// The C shim's files and the shim's own files each includes: `Spawn` for `Spawn.c`
    /// and `include/SimBenchSpawn.h`, one unit, whose includes are both files'.
    static func cIncludes(under folder: String) throws -> [String: Set<String>] {
        let base = root.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String }
        func unit(_ path: String) -> String? {
            let name = (path as NSString).lastPathComponent
            guard name.hasSuffix(".c") || name.hasSuffix(".h") else { return nil }
            let stem = String(name.dropLast(2))
            return stem.hasPrefix("SimBench") ? String(stem.dropFirst("SimBench".count)) : stem
        }
        var includes = [String: Set<String>]()
        for path in paths ?? [] {
            guard let from = unit(path) else { continue }
            let text = try String(
                contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("#include \"") {
                let included = line.dropFirst("#include \"".count).prefix { $0 != "\"" }
                if let to = unit(String(included)), to != from {
                    includes[from, default: []].insert(to)
                }
            }
            includes[from, default: []].formUnion([])
        }
        return includes
    }

    /// A circle in `includes`, as the units on it; nil when there is none.
    static func circle(in includes: [String: Set<String>]) -> [String]? {
        var done = Set<String>()
        var path = [String]()
        func visit(_ unit: String) -> [String]? {
            if let start = path.firstIndex(of: unit) { return path[start...] + [unit] }
            guard done.insert(unit).inserted else { return nil }
            path.append(unit)
            defer { path.removeLast() }
            for next in (includes[unit] ?? []).sorted() {
                if let found = visit(next) { return found }
            }
            return nil
        }
        for unit in includes.keys.sorted() {
            if let found = visit(unit) { return found }
        }
        return nil
    }

    @Test("the C shim's files use each other one way: no circle")
    func noCircleInC() throws {
        let includes = try Self.cIncludes(under: "Sources/CSimBenchSystem")
        #expect(includes["Interruption"]?.contains("Spawn") == true, "\(includes)")
        #expect(includes.count > 10, "\(includes)")
        #expect(Self.circle(in: includes) == nil, "\(includes)")
        // The check finds one.
        var planted = includes
        planted["Spawn", default: []].insert("Interruption")
        #expect(Self.circle(in: planted) != nil)
    }
}
