import Testing

@testable import SimBench

@Suite("explain: which switch removes a slow mode")
struct ModeExplanationTests {
    /// `fast` processes near 5× and `slow` ones near 9×.
    static func processes(fast: Int, slow: Int) -> [Double] {
        let fastOnes: [Double] = (0..<fast).map { index in 5 + 0.01 * Double(index % 7) }
        let slowOnes: [Double] = (0..<slow).map { index in 8 + 0.3 * Double(index % 5) }
        return fastOnes + slowOnes
    }

    static func arm(_ name: String, fast: Int, slow: Int) -> ModeExplanation.Arm {
        let setting = ModeSwitch.all.first { $0.name.description == name }!
        return ModeExplanation.Arm(setting: setting, estimates: processes(fast: fast, slow: slow))
    }

    @Test("a switch with no slow process removes the mode; one that keeps it leaves it")
    func removesAndLeaves() {
        var explanation = ModeExplanation(
            row: "workday.state-objects-alloc",
            standard: ModeExplanation.Arm(
                setting: .standard, estimates: Self.processes(fast: 32, slow: 8)),
            switches: [
                Self.arm("actors 1", fast: 40, slow: 0),
                Self.arm("MALLOC_ARENA_MAX=1", fast: 39, slow: 1),
                Self.arm("one core", fast: 35, slow: 5),
                ModeExplanation.Arm(
                    setting: ModeSwitch.all.first {
                        $0.name.description.hasPrefix("GLIBC_TUNABLES")
                    }!,
                    estimates: [], skipped: "refused"),
            ])
        // A caller names the run's settings its own way (the command line: by its flags).
        explanation.settingName = { "--\($0.rawValue)" }
        #expect(explanation.hasSlowMode)
        #expect(explanation.cut > 5.06 && explanation.cut < 8)
        #expect(explanation.slowCount(explanation.standard) == 8)
        #expect(
            explanation.switches.map(explanation.verdict) == [.removes, .removes, .leaves, .notRun])
        let paragraph = explanation.paragraph
        #expect(paragraph.contains("8 of 40 processes (20%) were slow"))
        #expect(
            paragraph.contains("--actors 1 (one worker actor) removes it: 0 of 40 slow, p = 0.0027")
        )
        #expect(
            paragraph.contains(
                "MALLOC_ARENA_MAX=1 (one malloc arena in glibc) removes it: 1 of 40 slow"))
        #expect(
            paragraph.contains(
                "one core (every thread kept on one core by sched_setaffinity) leaves it: 5 of 40 slow"
            ))
        #expect(paragraph.contains("run with --actors 1 (or MALLOC_ARENA_MAX=1)"))
        #expect(explanation.table.contains("not run: refused"))
    }

    @Test("no switch removing the mode is said, and so is a default run with no mode")
    func noneRemoves() {
        let standard = ModeExplanation.Arm(
            setting: .standard, estimates: Self.processes(fast: 34, slow: 6))
        let kept = ModeExplanation(
            row: "r", standard: standard,
            switches: ModeSwitch.all.map {
                ModeExplanation.Arm(setting: $0, estimates: Self.processes(fast: 35, slow: 5))
            })
        #expect(kept.paragraph.contains("No switch simbench controls removes it"))
        let none = ModeExplanation(
            row: "r",
            standard: ModeExplanation.Arm(
                setting: .standard, estimates: Self.processes(fast: 40, slow: 0)),
            switches: [])
        #expect(!none.hasSlowMode)
        #expect(none.paragraph.contains("no slow mode to explain"))
    }

    @Test("a switch fixes its run settings as values, named by whoever prints it")
    func switchSettings() {
        let actors = ModeSwitch.all.first { $0.actors != nil }!
        #expect(actors.actors == 1)
        #expect(actors.name.description == "actors 1")
        #expect(actors.name.rendered(naming: { "--\($0.rawValue)" }) == "--actors 1")
        let arena = ModeSwitch.all.first { $0.name.description == "MALLOC_ARENA_MAX=1" }!
        #expect(arena.actors == nil)
        #expect(arena.environment == ["MALLOC_ARENA_MAX": "1"])
    }
}
