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
/// `simbench` itself is such a `main` over the `Benchmarks/` catalog (`Sources/simbench`),
/// which adds `render`, a command of its own.
public struct BenchmarkTool: Sendable {
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
    public init(
        catalog: Catalog, ruler: RulerCheck? = nil, tax: TaxCheck? = nil,
        mechanisms: String? = nil, commands own: [any Command.Type] = []
    ) {
        self.catalog = catalog
        self.ruler = ruler
        self.tax = tax
        self.mechanisms = mechanisms
        commands = Commands.library(adding: own)
    }

    /// Runs the command the process's arguments name, and exits with its status.
    public func main() -> Never {
        Self.started.withLock { started in
            precondition(started == nil, "BenchmarkTool.main() runs once")
            started = self
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

    private static let started = Mutex<BenchmarkTool?>(nil)
}

/// What the commands measure: the running tool's catalog, and doctor's ruler and tax.
enum Suite {
    static var catalog: Catalog { BenchmarkTool.running.catalog }
    static var ruler: RulerCheck? { BenchmarkTool.running.ruler }
    static var tax: TaxCheck? { BenchmarkTool.running.tax }
    static var mechanisms: String? { BenchmarkTool.running.mechanisms }
}
