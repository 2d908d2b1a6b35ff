import Foundation
import SimBench
import Testing

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
            // and the user's choice of allocation library (not a dispatch).
            for (offset, part) in text.components(separatedBy: "\"SIMBENCH_").enumerated()
            where offset > 0 {
                let name = "SIMBENCH_" + part.prefix { $0 != "\"" }
                #expect(
                    ["SIMBENCH_CHILD_REQUEST", "SIMBENCH_ALLOCATION_LIBRARY"].contains(name),
                    "\(path) names \(name)")
            }
        }
        // What the harness and the command line read: the child role, the allocation
        // library, and the system's own variables.
        let allowed: Set = [
            "requestVariable", "libraryVariable", "\"LD_PRELOAD\"", "\"PATH\"", "\"COLUMNS\"",
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
}
