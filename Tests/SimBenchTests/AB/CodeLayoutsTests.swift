import SimBenchCore
import Testing

@testable import SimBench

/// Code layouts: the seeds, the build and link flags, a relink's log, a crashed build tool.
@Suite("code layouts")
struct CodeLayoutsTests {
    @Test("every run gets its own seed, never 0, within the range", arguments: [1, 2, 5, 200])
    func seeds(pairs: Int) {
        var generator = SplitMix64(seed: UInt64(pairs))  // seeded: a failure can be replayed
        let seeds = CodeLayouts.seeds(pairs: pairs, using: &generator)
        let all = seeds.flatMap { [$0.base, $0.head] }
        #expect(seeds.count == pairs)
        #expect(Set(all).count == 2 * pairs, "pairs \(pairs): a seed repeats in \(all)")
        #expect(
            all.allSatisfy { CodeLayouts.seedRange.contains($0) && $0 != 0 },
            "pairs \(pairs): \(all)")
    }

    @Test(
        "a layout is the shuffle flag with its seed; the build compiles function sections and links with lld"
    )
    func flags() {
        #expect(CodeLayouts.linkArguments(seed: 4821) == ["-Xlinker", "--shuffle-sections=*=4821"])
        let build = CodeLayouts.buildArguments.joined(separator: " ")
        #expect(build.contains("-Xswiftc -Xfrontend -Xswiftc -function-sections"), "\(build)")
        #expect(build.contains("-Xswiftc -use-ld=lld"), "\(build)")
        #expect(CodeLayouts.summary([4821]) == "layout seed 4821")
        #expect(CodeLayouts.summary([1, 22, 333]) == "layout seeds 1, 22, 333")
    }

    @Test("a relink's log shows a compile only when SwiftPM compiled something")
    func compiledLog() {
        #expect(
            !CodeLayouts.compiled(
                log:
                    "Building for production...\n[1/2] Linking simbench\nBuild of product 'simbench' complete! (2.1s)\n"
            ))
        #expect(
            CodeLayouts.compiled(
                log: "[3/8] Compiling Subjects EnumSwitchWorkday.swift\n[8/8] Linking simbench\n"))
        #expect(
            !CodeLayouts.compiled(
                log: "[1/1] Compiling plugin AllocationLibrary\n[2/3] Linking simbench\n"))
    }

    @Test("a build tool that crashed is run once more; one that failed with a status is not")
    func crashedToolRunsAgain() {
        func result(_ status: Int32?) -> ChildProcess.Result {
            ChildProcess.Result(
                exitStatus: status, signal: status == nil ? 11 : nil, standardOutput: [],
                standardError: [], timedOut: false)
        }
        var calls = 0
        let recovered = CodeLayouts.survivingOneCrash {
            calls += 1
            return result(calls == 1 ? nil : 0)
        }
        #expect(calls == 2 && recovered.exitStatus == 0)
        calls = 0
        let failed = CodeLayouts.survivingOneCrash {
            calls += 1
            return result(1)
        }
        #expect(calls == 1 && failed.exitStatus == 1)
        calls = 0
        let crashedTwice = CodeLayouts.survivingOneCrash {
            calls += 1
            return result(nil)
        }
        #expect(calls == 2 && crashedTwice.exitStatus == nil)
    }
}
