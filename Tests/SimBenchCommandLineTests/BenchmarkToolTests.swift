import SimBench
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
}
