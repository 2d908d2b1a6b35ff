import Foundation
import Testing

/// The test tree's house rules, checked on the checkout: test folders mirror the source
/// folders they test, and no test skips itself by returning early.
@Suite("the test tree")
struct TestTreeTests {
    /// The package's root: three levels above this file (Tests/SimBenchTests/…).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Each test target's folder and the source folder it mirrors. EndToEndTests drives the
    /// built binary and mirrors nothing.
    static let mirrors = [
        ("Tests/SimBenchTests", "Sources/SimBench"),
        ("Tests/SimBenchCommandLineTests", "Sources/SimBenchCommandLine"),
        ("Tests/SubjectsTests", "Benchmarks"),
    ]

    /// Every folder under `folder`, relative to it.
    static func subfolders(of folder: String) throws -> [String] {
        let base = root.appendingPathComponent(folder).path
        let manager = FileManager.default
        return try manager.subpathsOfDirectory(atPath: base).filter { path in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: base + "/" + path, isDirectory: &isFolder)
                && isFolder.boolValue
        }.sorted()
    }

    /// Every Swift file of the test targets, relative to the root.
    static func testFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(
            atPath: root.appendingPathComponent("Tests").path
        ).filter { $0.hasSuffix(".swift") }.sorted().map { "Tests/" + $0 }
    }

    @Test("every test target but EndToEndTests mirrors a source folder", arguments: mirrors)
    func mirrored(tests: String, sources: String) throws {
        let sourceFolders = Set(try Self.subfolders(of: sources))
        let testFolders = try Self.subfolders(of: tests)
        for folder in testFolders {
            #expect(
                sourceFolders.contains(folder),
                "\(tests)/\(folder) has no \(sources)/\(folder) to mirror")
        }
    }

    @Test("every test target (a folder of Tests/ named …Tests) is one this check knows")
    func knownTargets() throws {
        let targets = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Tests").path
        ).filter { $0.hasSuffix("Tests") }.sorted()
        let known = Self.mirrors.map { String($0.0.dropFirst("Tests/".count)) } + ["EndToEndTests"]
        #expect(targets == known.sorted())
    }

    @Test("the check finds a folder that mirrors nothing")
    func mirrorCheckCanFail() throws {
        let sourceFolders = Set(try Self.subfolders(of: "Sources/SimBench"))
        #expect(sourceFolders.contains("Statistics") && sourceFolders.contains("Tracking/Export"))
        #expect(!sourceFolders.contains("Hardening"))
    }

    /// The bodies of the `@Test` functions in `source`: from the `func` after each `@Test`
    /// to its closing brace.
    static func testBodies(_ source: String) -> [(name: String, body: Substring)] {
        var bodies = [(name: String, body: Substring)]()
        var rest = source[...]
        while let attribute = rest.range(of: #"(?m)^\s*@Test\b"#, options: .regularExpression) {
            guard let function = rest[attribute.upperBound...].range(of: "func "),
                let open = rest[function.upperBound...].firstIndex(of: "{")
            else { break }
            let name = rest[function.upperBound...].prefix { $0 != "(" }
            var depth = 0
            var index = open
            repeat {
                if rest[index] == "{" { depth += 1 }
                if rest[index] == "}" { depth -= 1 }
                index = rest.index(after: index)
            } while depth > 0 && index < rest.endIndex
            bodies.append((String(name), rest[open..<index]))
            rest = rest[index...]
        }
        return bodies
    }

    /// The `return`s with no value in `body` (a test returns nothing, so any such `return`
    /// ends the test) whose block records no failure first: a test that skips itself in
    /// silence. A condition belongs in `.enabled(if:)` or `.disabled(if:)`, with the reason.
    static func silentReturns(in body: Substring) -> Int {
        var count = 0
        var rest = body
        while let word = rest.range(of: #"\breturn\s*[\n;}]"#, options: .regularExpression) {
            // The block the return ends: back to its unmatched opening brace.
            var depth = 0
            var index = word.lowerBound
            while index > body.startIndex {
                index = body.index(before: index)
                if body[index] == "}" { depth += 1 }
                if body[index] == "{" {
                    if depth == 0 { break }
                    depth -= 1
                }
            }
            if !body[index..<word.lowerBound].contains("Issue.record") { count += 1 }
            rest = body[word.upperBound...]
        }
        return count
    }

    @Test("no test returns early on a condition without recording a failure")
    func noSilentReturns() throws {
        var found = [String]()
        for file in try Self.testFiles() {
            let source = try String(
                contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            for (name, body) in Self.testBodies(source) where Self.silentReturns(in: body) > 0 {
                found.append("\(file): \(name)")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The conditions in `source` (from `.enabled(if: ` or `.disabled(if: ` to the closing
    /// parenthesis) that give no reason, a string, for the reader of a skipped test.
    static func conditionsWithoutReason(in source: String) -> [String] {
        var found = [String]()
        var rest = source[...]
        while let start = rest.range(
            of: #"\.(enabled|disabled)\(if:\s"#, options: .regularExpression)
        {
            var depth = 1
            var index = start.upperBound
            while depth > 0 && index < rest.endIndex {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" { depth -= 1 }
                index = rest.index(after: index)
            }
            let condition = rest[start.lowerBound..<index]
            if !condition.contains("\"") { found.append(String(condition)) }
            rest = rest[index...]
        }
        return found
    }

    @Test("every conditional test says why it may not run")
    func conditionsGiveReasons() throws {
        var found = [String]()
        for file in try Self.testFiles() {
            let source = try String(
                contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            found += Self.conditionsWithoutReason(in: source).map { "\(file): \($0)" }
        }
        #expect(found.isEmpty, "\(found)")
        let example = "." + "enabled(if: f(x)) ." + "disabled(if: y, \"why\")"
        #expect(Self.conditionsWithoutReason(in: example) == [".enabled(if: f(x))"])
    }

    @Test("the early-return check finds a guard that returns, and passes a recorded failure")
    func returnCheckCanFail() {
        let skipping = """
            @T("x") func skips() {
                guard counterIsOn else { RETURN }
                #expect(1 == 1)
            }
            @T("y") func fails() {
                guard case .a = value else {
                    Issue.record("not a")
                    RETURN
                }
            }
            """
            // Spelled apart, so that this test's own body holds neither.
            .replacingOccurrences(of: "@T(", with: "@" + "Test(")
            .replacingOccurrences(of: "RETURN", with: "ret" + "urn")
        let bodies = Self.testBodies(skipping)
        #expect(bodies.map(\.name) == ["skips", "fails"])
        #expect(bodies.map { Self.silentReturns(in: $0.body) } == [1, 0])
    }
}
