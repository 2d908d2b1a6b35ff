import SimBenchCore
import Testing

@testable import SimBench
@testable import SimBenchCommandLine

/// `simbench ab --layouts`: the flag, the seeds, and the build and link flags.
@Suite("ab: code layouts")
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

    @Test(
        "--layouts: on by default, off, and one line for anything else",
        arguments: [
            ([String](), CodeLayouts.Mode.on), (["--layouts", "on"], .on),
            (["--layouts", "off"], .off),
        ])
    func flag(words: [String], mode: CodeLayouts.Mode) throws {
        guard
            case .command(let ab) = try CommandParser.parse(
                ABCommand.self, ["--base", "main"] + words)
        else {
            Issue.record("\(words): not parsed as a command")
            return
        }
        #expect(ab.layouts == mode, "\(words)")
    }

    @Test("a --layouts value that is neither on nor off is refused, naming both")
    func badFlag() {
        for value in ["yes", "ON", ""] {
            #expect(throws: UsageError.self, "\(value)") {
                _ = try CommandParser.parse(ABCommand.self, ["--base", "main", "--layouts", value])
            }
            do {
                _ = try CommandParser.parse(ABCommand.self, ["--base", "main", "--layouts", value])
            } catch {
                #expect("\(error)".contains("expected on, off"), "\(value): \(error)")
            }
        }
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
