import SimBench
import SimBenchCommandLine

// The mechanism probes as a tool of their own, for the tests to count under Callgrind. This
// target is optimised even in a debug build (Package.swift): counts of unoptimised code
// would split into what the optimiser removes.
BenchmarkTool(catalog: Catalog([MechanismProbeScenario.self])).main()
