import SimBench
import SimBenchCommandLine

// A second tool beside the manual's mybench, written from the manual alone
// (scripts/own-package-check.sh builds and runs both): its own name is its executable's.
BenchmarkTool(
    description: "what does a shape's area cost through an existential, or a generic function?",
    catalog: Catalog([Shapes.self])
).main()
