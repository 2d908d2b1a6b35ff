// The manual's "harness alone" (Sources/SimBench/SimBench.docc/OwnCode.md): the SimBench
// library driven by a `main` of its own, without the command line, over a scenario it
// defines (Doubling.swift). HarnessAloneTests runs it, and checks that the article's example
// is the code between the two marks below.
import SimBench

// The example:
let catalog = Catalog([Doubling.self])
// First thing: a child of a run (of `processes`, the allocation pass, the counted pass)
// does its part here and exits.
ChildRole.serveIfRequested(catalog: catalog)

var options = RunOptions()
options.machines = [10_000]  // [1000, 10_000, 100_000]: a sweep
options.processes = 2  // two child processes of this program, their samples pooled
let environment = RunEnvironment.current()
let plan = try RunPlan(
    options: options, catalog: catalog, cores: environment.cores,
    physicalMemory: environment.physicalMemory)
// The timed rounds (in the children), then allocations counted in an untimed child.
let result = try await BenchmarkRunner(plan: plan, environment: environment).runWithChildren()
for row in result.configurations.flatMap({ $0.rows(environment: environment, seed: plan.seed) }) {
    print(
        row.variant, row.processes, row.nsPerEvent?.median ?? .nan,
        row.ratioToBaseline?.value ?? .nan, row.allocationsPerEvent ?? .nan)
}
// End of the example.
