import SimBenchCommandLine

// simbench: the command-line library over the `Benchmarks/` catalog (SimBenchTool.swift).
BenchmarkTool.simbench.main()
