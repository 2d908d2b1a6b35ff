import Foundation
import SimBench
import SimBenchCore
import Synchronization

/// A command-line tool over a catalog: every command of `simbench` (`run`, `list`, `doctor`,
/// `compare`, `ab`, `spread`, `baseline`, `export`, `merge`, `repair-history`, `plot`, `report`,
/// `completion`), for whatever scenarios the catalog holds.
///
/// The command line knows no scenario, as the harness does not: it is handed a catalog. A
/// package that measures its own code gets the whole tool from a `main` of a few lines, as
/// google/swift-benchmark's `Benchmark.main()` gives it:
///
///     import SimBench
///     import SimBenchCommandLine
///
///     BenchmarkTool(catalog: Catalog([Doubling.self])).main()
///
/// The tool speaks in its own words: its name (by default its executable's), its one-line
/// description, and its catalog's units (a run of drawings says `1,000 drawings`).
/// `simbench` itself is such a `main` over the `Benchmarks/` catalog (`Sources/simbench`),
/// which gives its own name and words and adds `render`, a command of its own.
public struct BenchmarkTool: Sendable {
    /// What the tool calls itself wherever it speaks: its help and usage lines, the prefix
    /// of its errors, the commands its hints suggest (`see 'mybench run --help'`), its
    /// reports' titles, its completion scripts and default results file.
    public let name: String
    /// One line under the name in `--help`: what the tool answers.
    public let description: String
    /// The paragraph under it: what the tool runs and how it measures.
    public let about: String
    /// What the header of a run calls the entities of scenarios whose units differ
    /// (`10,000 machines`); a run of scenarios of one unit names that unit instead
    /// (`10,000 drawings`).
    public let entities: String
    /// What `--version` prints, and `--wide`'s header.
    public let version: String
    /// The scenarios the tool measures.
    public let catalog: Catalog
    /// What `doctor`'s counting, A/A and 10% step checks measure; nil skips them.
    public let ruler: RulerCheck?
    /// What `doctor`'s allocation and tax checks measure; nil skips them.
    public let tax: TaxCheck?
    /// The scenario `host` prices runtime mechanisms with: a baseline and one variant per
    /// mechanism (`HostProfile`); nil: `host` has none to run.
    public let mechanisms: String?
    /// Every command, the library's and the tool's own, in the order `--help` lists them.
    let commands: [any Command.Type]

    /// A tool over `catalog`; `commands` are the tool's own, listed after `list`.
    ///
    /// - Parameters:
    ///   - name: what the tool calls itself; nil: the executable's file name, which SwiftPM
    ///     gives the product (`mybench`).
    ///   - description: the one line of `--help` under the name; nil: what any tool of this
    ///     library answers.
    ///   - about: the paragraph under it; nil: one made from the catalog's units.
    ///   - entities: the plural noun for the entities of scenarios whose units differ; nil:
    ///     the catalog's unit when its scenarios share one, else "entities".
    ///   - version: the tool's own version; nil: none, and `--version` names the library's.
    public init(
        name: String? = nil, description: String? = nil, about: String? = nil,
        entities: String? = nil, version: String? = nil,
        catalog: Catalog, ruler: RulerCheck? = nil, tax: TaxCheck? = nil,
        mechanisms: String? = nil, commands own: [any Command.Type] = []
    ) {
        let name = name ?? BenchmarkTool.executableName
        self.name = name
        self.description =
            description ?? "what does each variant of its scenarios cost against the plain code?"
        self.about = about ?? BenchmarkTool.about(of: catalog)
        self.entities = entities ?? BenchmarkTool.entities(of: catalog)
        self.version =
            version.map { "\(name) \($0)" }
            ?? "\(name) (the SimBench command line \(BenchmarkTool.libraryVersion))"
        self.catalog = catalog
        self.ruler = ruler
        self.tax = tax
        self.mechanisms = mechanisms
        commands = Commands.library(adding: own)
    }

    /// The version of this library, the command line: simbench's own.
    public static let libraryVersion = "0.1.0"

    /// The file name the process was started by (`.build/release/mybench` → `mybench`).
    static var executableName: String {
        let path = CommandLine.arguments.first ?? ""
        let last = path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? "benchmark" : last
    }

    /// The plural of an entity unit's noun: `vending machine` → `vending machines`,
    /// `page (one doodle's mark tree)` → `pages`, `batch` → `batches`.
    static func plural(_ unit: String) -> String {
        let noun = PatternAnswer.noun(unit)
        guard let last = noun.last, last.isLetter else { return noun }
        if ["s", "x", "z"].contains(last) || noun.hasSuffix("ch") || noun.hasSuffix("sh") {
            return noun + "es"
        }
        if last == "y", let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        return noun + "s"
    }

    /// What a run of `entries` calls their entities: their unit's plural when they share
    /// one, else `fallback`.
    static func entities(of entries: [ScenarioEntry], else fallback: String) -> String {
        let units = Set(entries.map { plural($0.descriptor.entityUnit) })
        return units.count == 1 ? units.first! : fallback
    }

    private static func entities(of catalog: Catalog) -> String {
        entities(of: catalog.entries, else: "entities")
    }

    /// The paragraph of a tool that gave none: what its runs do, in its catalog's words.
    private static func about(of catalog: Catalog) -> String {
        var units = [String]()
        for entry in catalog.entries where !units.contains(plural(entry.descriptor.entityUnit)) {
            units.append(plural(entry.descriptor.entityUnit))
        }
        let what = units.isEmpty ? "" : " (\(units.joined(separator: ", ")))"
        return """
            Runs each scenario's variants over the same seeded inputs\(what), spread over \
            worker actors, and measures each against the scenario's baseline variant, checking \
            that both compute the same outcome.
            """
    }

    /// Runs the command the process's arguments name, and exits with its status.
    public func main() -> Never {
        Self.started.withLock { started in
            precondition(started == nil, "BenchmarkTool.main() runs once")
            started = self
        }
        // The harness's messages that name a command (repair-history) speak of this tool.
        ToolName.set(name)
        // A catalog the harness cannot measure is its author's to fix: said before anything
        // else, whatever the command.
        if !catalog.problems.isEmpty {
            for problem in catalog.problems { Terminal.error(problem) }
            exit(ExitStatus.failure.rawValue)
        }
        SimBenchCommand.main(catalog: catalog)
    }

    /// The tool whose `main` runs: the commands read its catalog (through `Suite`).
    static var running: BenchmarkTool {
        guard let tool = started.withLock({ $0 }) else {
            preconditionFailure("a command ran before BenchmarkTool.main() started the tool")
        }
        return tool
    }

    fileprivate static let started = Mutex<BenchmarkTool?>(nil)
}

/// What the commands measure and speak of: the running tool's catalog, doctor's ruler and
/// tax, and the tool's name.
enum Suite {
    /// The running tool's name (`BenchmarkTool.name`), which `main()` gives the harness
    /// (`ToolName`) before anything runs: one name for both. Before a tool started (a unit
    /// test reading a command's help), `simbench`.
    static var toolName: String { ToolName.current }
    static var catalog: Catalog { BenchmarkTool.running.catalog }
    /// The running tool's catalog; nil before a tool started (a unit test reading a
    /// command's help), for the words that help takes from it.
    static var startedCatalog: Catalog? { BenchmarkTool.started.withLock { $0?.catalog } }
    static var ruler: RulerCheck? { BenchmarkTool.running.ruler }
    static var tax: TaxCheck? { BenchmarkTool.running.tax }
    static var mechanisms: String? { BenchmarkTool.running.mechanisms }
}
