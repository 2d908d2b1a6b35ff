// swift-tools-version:6.1
import PackageDescription

// The harness, the measured subjects and the command line are separate targets:
//
// - SimBenchCore: what a scenario is (protocols, seeding, parameters). Tiny, so that the
//   subjects depend on nothing else.
// - Subjects (Benchmarks/): the pattern and baseline implementations, one folder per family.
// - CSimBenchSystem: the harness's C shim, what Swift cannot call directly, one file per
//   concern (perf events, spawning, signals, the terminal, unnamed files, stdout, memory,
//   the Callgrind region). It counts no allocation: see CAllocationInterposer.
// - CAllocationInterposer: the allocation counter, which interposes glibc's allocator. Never
//   linked into the process that times: the AllocationLibrary plugin builds it into
//   libsimbench-allocations.so, a resource of SimBench, which the harness preloads into an
//   untimed child that counts (AllocationPass). Only the test bundle links it, to count in
//   its own process.
// - SimBench: the harness library (fleet, timing, statistics, CSV, comparison). It knows no
//   scenario: it is handed a `Catalog`, so it can measure anyone's `Scenario` types.
// - SimBenchCommandLine: the command line as a library (argument parsing, every subcommand,
//   terminal output). Like the harness it knows no scenario: a `main` hands it a catalog
//   (`BenchmarkTool(catalog:).main()`), so a package measuring its own code gets every
//   command over its own scenarios.
// - simbench: that `main` over the Subjects catalog, plus the one command that needs the
//   subjects themselves: the marks doodle (`simbench render`).
// - HarnessAlone (Tests/HarnessAlone): the manual's "harness alone", a `main` that drives the
//   library without the command line; an end-to-end test runs it.
let package = Package(
    name: "simbench",
    products: [
        .executable(name: "simbench", targets: ["simbench"]),
        .library(name: "SimBenchCore", targets: ["SimBenchCore"]),
        .library(name: "SimBench", targets: ["SimBench"]),
        .library(name: "SimBenchCommandLine", targets: ["SimBenchCommandLine"]),
    ],
    targets: [
        .target(name: "SimBenchCore", path: "Sources/SimBenchCore"),
        // One policy for every subject: Swift's default, dynamic exclusivity checking on
        // (`-enforce-exclusivity=checked`, what -O builds and so a user's app pay). It is set
        // here by not overriding it: no unsafe flag on this target, and no
        // `@exclusivity(unchecked)` in Benchmarks/ (a test refuses one), so a pattern and its
        // baseline pay the same checks wherever they modify a class's property in place.
        .target(
            name: "Subjects",
            dependencies: ["SimBenchCore"],
            path: "Benchmarks",
            // Not sources: the CI suite's run arguments (scripts/ci-bench.sh) and the README's
            // picture of a doodle (simbench render).
            exclude: ["ci.conf", "Marks/doodle.svg"],
            // `rounded(.up)` and friends call libm, which Foundation-free targets must link.
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "CSimBenchSystem", path: "Sources/CSimBenchSystem"),
        .target(name: "CAllocationInterposer", path: "Sources/CAllocationInterposer"),
        .plugin(
            name: "AllocationLibrary", capability: .buildTool(),
            path: "Sources/SimBenchPlugins/AllocationLibrary"),
        .target(
            name: "SimBench",
            // No `Subjects`: the harness knows no scenario; its users hand it a `Catalog`.
            // No `CAllocationInterposer`: see AllocationLibrary.
            dependencies: ["SimBenchCore", "CSimBenchSystem"],
            path: "Sources/SimBench",
            plugins: ["AllocationLibrary"]
        ),
        .target(
            name: "SimBenchCommandLine",
            // No `Subjects`: the command line knows no scenario; its `main` hands it a
            // `Catalog`.
            dependencies: ["SimBench", "SimBenchCore"],
            path: "Sources/SimBenchCommandLine"
        ),
        .executableTarget(
            name: "simbench",
            dependencies: ["SimBenchCommandLine", "SimBench", "Subjects", "SimBenchCore"],
            path: "Sources/simbench"
        ),
        .testTarget(
            name: "SubjectsTests",
            // SimBench for the run plan's memory estimate of the subjects' shapes.
            dependencies: ["Subjects", "SimBenchCore", "SimBench"],
            path: "Tests/SubjectsTests"
        ),
        .testTarget(
            name: "SimBenchTests",
            // The interposer, linked: unit tests count allocations in their own process. The
            // harness finds its functions by name (dlsym), so the test bundle exports them.
            dependencies: ["SimBench", "SimBenchCore", "CAllocationInterposer"],
            path: "Tests/SimBenchTests",
            // Not sources: Callgrind dumps the tests read from the checkout (#filePath).
            exclude: [
                "Measurement/callgrind-chase-to-memory.out",
                "Measurement/callgrind-chase-within-last-level.out",
            ],
            linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]
        ),
        // The tests' own probes of the instruction split (one runtime mechanism per
        // variant), as a tool that runs under Callgrind. Optimised in every build: the split
        // of unoptimised code is the optimiser's leftovers, not the mechanism's.
        .executableTarget(
            name: "mechanism-probes",
            dependencies: ["SimBenchCommandLine", "SimBench", "SimBenchCore"],
            path: "Tests/MechanismProbes",
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        // The readers of results files, one per run, for the tests to count under Callgrind
        // at N and 2N rows. Optimised in every build: the counts are the release build's.
        .executableTarget(
            name: "reader-probes",
            dependencies: ["SimBench"],
            path: "Tests/ReaderProbes",
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        // The manual's "harness alone": a `main` that drives the library without the command
        // line, with child processes and the allocation pass; EndToEndTests runs it.
        .executableTarget(
            name: "HarnessAlone",
            dependencies: ["SimBench", "SimBenchCore"],
            path: "Tests/HarnessAlone"
        ),
        .testTarget(
            name: "SimBenchCommandLineTests",
            // The command line's unit tests, in its own process: parsing, declarations,
            // tables. `simbench` for the tool's own command list (it adds `render`).
            dependencies: ["SimBench", "SimBenchCore", "SimBenchCommandLine", "simbench"],
            path: "Tests/SimBenchCommandLineTests"
        ),
        .testTarget(
            name: "EndToEndTests",
            // Only tests that drive the built `simbench` binary and read its exit status,
            // output and files.
            dependencies: [
                "SimBench", "SimBenchCommandLine", "simbench", "HarnessAlone",
                "mechanism-probes", "reader-probes",
            ],
            path: "Tests/EndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
