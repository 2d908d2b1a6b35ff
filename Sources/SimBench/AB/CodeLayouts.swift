/// Every run of a build linked with a code layout of its own (`ABTrial`'s pairs, and a
/// run's processes spread over layouts).
///
/// Where the linker puts each function moves a tight loop's speed, the same in every run of
/// one binary, so two builds differ by their layouts as well as by their code, and no
/// number of pairs averages that out (Mytkowicz et al., ASPLOS 2009; the manual's CI.md,
/// "Code layout"). With layouts on, each side is compiled once with every function in a
/// section of its own, linked by the toolchain's ld.lld, and relinked before each pair with
/// ld.lld's section shuffle and a new seed: only the link is repeated. Layout then varies
/// from run to run within each build, so the pairs' interval, and with it `PairedTest`,
/// holds it. A static version of what Stabilizer (Curtsinger and Berger, ASPLOS 2013) does
/// at run time.
public enum CodeLayouts {
    /// On (a layout per run) or off (one layout per build, as it links).
    public enum Mode: String, CaseIterable, Sendable {
        case on
        case off
    }

    /// The build folder of a run's layouts, under the package. `ABTrial` builds the base's
    /// layouts there too, in its checkout, so that a run spread over layouts in that
    /// checkout only relinks.
    public static let runBuildPath = ".build/run-layouts"

    /// The compiler and linker-driver flags of both sides' builds with layouts on: Swift
    /// functions in sections of their own (a frontend flag: the driver only passes it on,
    /// with a warning), and ld.lld, which ships beside `swift` in the toolchain and can
    /// shuffle input sections.
    public static let buildArguments = [
        "-Xswiftc", "-Xfrontend", "-Xswiftc", "-function-sections", "-Xswiftc", "-use-ld=lld",
    ]

    /// The link flag of one layout: every input section shuffled with `seed`.
    public static func linkArguments(seed: UInt32) -> [String] {
        ["-Xlinker", "--shuffle-sections=*=\(seed)"]
    }

    /// Runs a build tool, and runs it once more if it crashed (ended by a signal). SwiftPM's
    /// `swift build` crashes now and then on this project's CI host: 3 times in about 80
    /// builds and relinks in one session, its last words "Backtrace took 0.02s" and the
    /// status "killed". A build is deterministic and an up-to-date one takes a second or
    /// two, so one crash is not worth a whole run or `ab`; a build that fails with an exit
    /// status (a compile error) is not run again, and a second crash is the caller's error.
    public static func survivingOneCrash(_ run: () throws -> ChildProcess.Result) rethrows
        -> ChildProcess.Result
    {
        let first = try run()
        return first.exitStatus == nil ? try run() : first
    }

    /// Seeds are drawn from here: never 0, which ld.lld reads as "a random seed" (the
    /// report could not name the layout), and short enough to read in a report.
    public static let seedRange: ClosedRange<UInt32> = 1...999_999

    /// One seed per run: a base seed and a head seed for each of `pairs` pairs, all
    /// different, so that no two runs share a layout (even in an A/A, where both sides are
    /// the same code and one seed would give both the same layout).
    public static func seeds<Generator: RandomNumberGenerator>(
        pairs: Int, using generator: inout Generator
    ) -> [(base: UInt32, head: UInt32)] {
        var drawn = [UInt32]()
        var seen = Set<UInt32>()
        while drawn.count < 2 * pairs {
            let seed = UInt32.random(in: seedRange, using: &generator)
            if seen.insert(seed).inserted { drawn.append(seed) }
        }
        return (0..<pairs).map { (drawn[2 * $0], drawn[2 * $0 + 1]) }
    }

    /// `layout seeds 4821, 77, 123` for one side's runs, pair by pair.
    public static func summary(_ seeds: [UInt32]) -> String {
        "layout seed\(seeds.count == 1 ? "" : "s") "
            + seeds.map(String.init).joined(separator: ", ")
    }

    /// Whether a SwiftPM build log shows a compile: a relink must show only its link step.
    public static func compiled(log: String) -> Bool {
        log.split(separator: "\n").contains { line in
            line.contains("Compiling ") && !line.contains("Compiling plugin")
        }
    }
}
