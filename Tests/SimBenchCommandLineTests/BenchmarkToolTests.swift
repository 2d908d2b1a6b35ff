import SimBench
import SimBenchCore
import Testing

@testable import SimBenchCommandLine
@testable import simbench

/// The command line as a library: a tool over any catalog gets every library command, and
/// a tool's own commands are listed after `list`.
@Suite("the command line as a library")
struct BenchmarkToolTests {
    @Test("a tool over a catalog has every library command; simbench adds render after list")
    func commands() {
        let library = BenchmarkTool(catalog: BenchmarkTool.simbench.catalog).commands.map {
            $0.name
        }
        #expect(
            library == [
                "run", "list", "doctor", "host", "explain", "compare", "coverage", "ab", "spread",
                "baseline", "export", "merge", "repair-history", "plot", "report", "completion",
            ], "\(library)")
        let simbench = BenchmarkTool.simbench.commands.map { $0.name }
        #expect(simbench == Array(library[..<2]) + ["render"] + library[2...], "\(simbench)")
    }

    @Test("a tool's words: its name, version and entities its own, simbench's given by simbench")
    func words() {
        let simbench = BenchmarkTool.simbench
        #expect(simbench.name == "simbench" && simbench.version == "simbench 0.1.0")
        #expect(simbench.description == "what do the classic design patterns cost at run time?")
        #expect(simbench.entities == "machines")
        let drawings = Catalog([Drawings.self])
        let own = BenchmarkTool(name: "mybench", catalog: drawings)
        #expect(own.version == "mybench (the SimBench command line 0.1.0)")
        #expect(own.entities == "drawings", "one unit: its plural")
        #expect(own.about.contains("(drawings)"), "\(own.about)")
        #expect(!own.description.contains("design patterns"), "\(own.description)")
        #expect(
            BenchmarkTool(catalog: BenchmarkTool.simbench.catalog).entities == "entities",
            "units that differ, no word given")
        // Without a name, the executable's (here the test runner's).
        #expect(BenchmarkTool(catalog: drawings).name == BenchmarkTool.executableName)
    }

    @Test(
        "an entity unit's plural",
        arguments: [
            ("vending machine", "vending machines"), ("page (one doodle's mark tree)", "pages"),
            ("batch", "batches"), ("box", "boxes"), ("city", "cities"), ("day", "days"),
            ("drawing", "drawings"),
        ])
    func plural(unit: String, plural: String) {
        #expect(BenchmarkTool.plural(unit) == plural)
    }

    @Test("--help's examples come from the tool's catalog: simbench's are vending's and workday's")
    func examples() {
        #expect(
            HelpText.examples(of: BenchmarkTool.simbench) == [
                "--machines 10000", "--scenario vending --variant state-objects --rounds 20",
                "--scenario workday --csv workday.csv --quiet",
            ])
        let drawings = Catalog([Drawings.self])
        #expect(
            HelpText.examples(of: BenchmarkTool(catalog: drawings)) == [
                "--machines 10000", "--scenario shapes --variant existential --rounds 20",
                "--scenario shapes --csv shapes.csv --quiet",
            ])
    }

    @Test("a completion script's function is named after the tool, as a shell allows")
    func completionFunction() {
        #expect(CompletionScript.functionName(of: "simbench") == "simbench")
        #expect(CompletionScript.functionName(of: "my-bench.v2") == "my_bench_v2")
        let script = CompletionScript.script(for: .bash, commands: [], tool: "my-bench")
        #expect(
            script.contains("_my_bench() {") && script.contains("complete -F _my_bench my-bench"))
    }
}

/// A tool's own scenario: a pattern named after its baseline, in drawings.
private struct Drawings: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "shapes", title: "areas", entityUnit: "drawing", eventUnit: "shape measured",
        defaultEventsPerEntity: 4, bytesPerEvent: 8, bytesPerEntity: 32)
    static let variants: [Variant<[Int], Total>] = [
        Variant(name: "enum-switch", role: .baseline, summary: "a switch") { Total(sum: $0.count) },
        Variant(name: "existential", summary: "any Shape") { Total(sum: $0.count) },
    ]
    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> [Int] { Array(entities) }
    func eventCount(of shard: [Int]) -> Int { shard.count }

    struct Total: ScenarioOutcome {
        var sum = 0
        mutating func merge(_ other: Total) { sum += other.sum }
        var checksum: UInt64 { UInt64(sum) }
        var summary: [(label: String, value: String)] { [("sum", "\(sum)")] }
    }
}
