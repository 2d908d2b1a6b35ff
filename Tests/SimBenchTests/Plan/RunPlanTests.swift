import Foundation
import SimBenchCore
import Testing

@testable import SimBench

@Suite("run plan")
struct RunPlanTests {
    static let memory: UInt64 = 24_000_000_000

    func plan(_ configure: (inout RunOptions) -> Void) throws(RunPlanError) -> RunPlan {
        var options = RunOptions()
        configure(&options)
        return try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2, physicalMemory: Self.memory)
    }

    func usageError(_ configure: (inout RunOptions) -> Void) -> String? {
        refusal(configure)?.description
    }

    /// Why the plan was refused, or nil.
    func refusal(_ configure: (inout RunOptions) -> Void) -> RunPlanError? {
        do {
            _ = try plan(configure)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "the default suite runs every default scenario with all its variants, baseline first, a floor last"
    )
    func defaultSuite() throws {
        let plan = try plan { _ in }
        let names = plan.configurations.map(\.entry.name)
        #expect(names == ["tally", "echo"])
        for configuration in plan.configurations {
            #expect(configuration.variants.first?.role == .baseline)
            // A floor is optional (a user's own scenario may have none); where there is one, it
            // runs last.
            if let floor = configuration.entry.floor {
                #expect(configuration.variants.last == floor, "\(configuration.label)")
            }
            #expect(configuration.variants.count == configuration.entry.variants.count)
        }
        #expect(plan.configurations.allSatisfy { $0.actors == 8 })
    }

    @Test("actors default to a few per core, never more than machines")
    func actorsDefault() throws {
        #expect(try plan { $0.machines = [3] }.configurations.map(\.actors) == [3, 3])
        #expect(try plan { $0.actors = [5] }.configurations.map(\.actors) == [5, 5])
    }

    @Test("named variants run with their baseline and their floor")
    func variantSelection() throws {
        let plan = try plan {
            $0.scenarios = ["tally"]
            $0.variants = ["tally.same"]
        }
        #expect(plan.configurations[0].variants.map(\.name) == ["plain", "same"])
        let plain = try self.plan {
            $0.scenarios = ["tally", "echo"]
            $0.variants = ["plain"]
        }
        #expect(plain.configurations.allSatisfy { $0.variants.map(\.name) == ["plain"] })
    }

    @Test("a variant of no selected scenario is refused")
    func unknownVariant() {
        let message = usageError {
            $0.scenarios = ["echo"]
            $0.variants = ["same"]
        }
        #expect(message?.contains("'same'") == true)
        let partial = usageError {
            $0.scenarios = ["tally", "echo"]
            $0.variants = ["same"]
        }
        #expect(partial?.contains("'echo'") == true)
    }

    @Test("parameters: defaults, global and scoped assignments, validation")
    func parameters() throws {
        let defaults = try plan { $0.scenarios = ["tally"] }
        #expect(defaults.configurations[0].configuration.parameters["work"] == "1")
        #expect(defaults.configurations[0].label == "tally")

        let scoped = try plan {
            $0.scenarios = ["tally", "echo"]
            $0.parameters = [
                ParameterAssignment(scenario: "tally", name: "work", value: "7"),
                ParameterAssignment(scenario: nil, name: "bias", value: "3"),
            ]
        }
        #expect(scoped.configurations[0].configuration.parameters["work"] == "7")
        #expect(scoped.configurations[0].label == "tally[work=7;bias=3]")
        #expect(scoped.configurations[1].configuration.parameters["bias"] == "3")

        #expect(
            usageError { $0.parameters = [.init(scenario: nil, name: "nope", value: "1")] }?
                .contains("unknown parameter 'nope'") == true)
        #expect(
            usageError { $0.parameters = [.init(scenario: nil, name: "work", value: "x")] }?
                .contains("work='x'") == true)
        #expect(
            usageError {
                $0.scenarios = ["echo"]
                $0.parameters = [.init(scenario: "tally", name: "work", value: "1")]
            }?.contains("not selected") == true)
        // `bias` is not an axis: a comma list is one (invalid) value.
        #expect(
            usageError {
                $0.scenarios = ["echo"]
                $0.parameters = [.init(scenario: nil, name: "bias", value: "1,2")]
            } != nil)
    }

    @Test(
        "values equal after parsing are one value, normalised, in their first place",
        arguments: [
            ("10,010", ["tally[work=10]"]),
            ("020,10,20,0010", ["tally[work=20]", "tally[work=10]"]),
            ("007", ["tally[work=7]"]),
        ])
    func normalisedAxisValues(given: String, labels: [String]) throws {
        let axis = try plan {
            $0.scenarios = ["tally"]
            $0.parameters = [.init(scenario: "tally", name: "work", value: given)]
        }
        #expect(axis.configurations.map(\.label) == labels, "work=\(given)")
        // Not an axis: one value, normalised too.
        let bias = try plan {
            $0.scenarios = ["echo"]
            $0.parameters = [.init(scenario: nil, name: "bias", value: "03")]
        }
        #expect(bias.configurations[0].configuration.parameters["bias"] == "3")
    }

    @Test(
        "every value given is checked, also one a later --param overrides",
        arguments: [
            [("work", "abc"), ("work", "5")],
            [("work", "5,abc"), ("work", "5")],
            [("bias", "99"), ("bias", "1")],
            [("bias", "x"), ("tally.bias", "1")],
        ])
    func overriddenValuesAreChecked(assignments: [(String, String)]) throws {
        let error = usageError { options in
            options.scenarios = ["tally"]
            options.parameters = assignments.map {
                try! ParameterAssignment(parsing: "\($0.0)=\($0.1)")
            }
        }
        let bad = assignments[0]
        #expect(error?.contains("\(bad.0)='") == true, "\(assignments): \(error ?? "accepted")")
    }

    @Test("parsing --param")
    func parameterParsing() throws {
        #expect(
            try ParameterAssignment(parsing: "a=1") == .init(scenario: nil, name: "a", value: "1"))
        #expect(
            try ParameterAssignment(parsing: "s.a=x=y")
                == .init(scenario: "s", name: "a", value: "x=y"))
        for bad in ["", "=1", "a=", "a", "s.=1"] {
            #expect(throws: ValueError.self, "\(bad)") { try ParameterAssignment(parsing: bad) }
        }
    }

    @Test("absurd counts are refused before anything is allocated")
    func memoryGuard() {
        #expect(
            usageError {
                $0.machines = [100_000_000]
                $0.eventsPerMachine = [1000]
            }?
            .contains("would need about") == true)
        #expect(
            usageError {
                $0.machines = [Int.max / 2]
                $0.eventsPerMachine = [Int.max / 2]
            } != nil)
        #expect(usageError { $0.machines = [1_000_000] } == nil)
    }

    @Test("a memory refusal suggests machines a re-run accepts, its budget moved a little")
    func suggestionFits() throws {
        // A scenario of 1 kB per machine over a resident 25 MB: the check a run passes.
        func fits(_ machines: Int, _ bytes: UInt64) -> Bool {
            UInt64(machines) * 1_000 + 25_000_000 <= bytes
        }
        for budget: UInt64 in [4_000_000_000, 123_456_789, 30_000_000] {
            let suggested = try #require(
                MemoryRefusal.suggestedMachines(below: 1 << 40, budget: budget, fits: fits))
            // Accepted by the same check under a budget 4% smaller than the one it came from.
            #expect(fits(suggested, budget / 100 * 96), "\(budget): \(suggested)")
            // Three significant digits at most.
            #expect(String(suggested).dropFirst(3).allSatisfy { $0 == "0" }, "\(suggested)")
        }
        // One machine fits the whole budget only: suggested as the most that fits now.
        #expect(MemoryRefusal.suggestedMachines(below: 10, budget: 25_001_000, fits: fits) == 1)
        #expect(MemoryRefusal.suggestedMachines(below: 10, budget: 1_000, fits: fits) == nil)
    }

    @Test("counts out of range")
    func ranges() {
        // Named as the library's caller set them, never by a flag.
        #expect(refusal { $0.machines = [0] }?.setting == .machines)
        #expect(
            refusal { $0.eventsPerMachine = [0] }
                == .outOfRange(
                    setting: .events, value: "0",
                    accepted: "a whole number from 1 to 2147483647"))
        #expect(
            usageError { $0.eventsPerMachine = [0] }
                == "eventsPerMachine: '0' is not valid; expected a whole number from 1 to 2147483647"
        )
        #expect(refusal { $0.rounds = 0 }?.setting == .rounds)
        #expect(refusal { $0.actors = [0] }?.setting == .actors)
        #expect(usageError { $0.scenarios = ["nope"] }?.contains("unknown scenario 'nope'") == true)
    }
}

@Suite("fleet")
struct FleetTests {
    func checksums(actors: Int, machines: Int, seed: UInt64 = 3) async throws -> [String: UInt64] {
        var options = RunOptions()
        options.machines = [machines]
        options.eventsPerMachine = [40]
        options.scenarios = ["tally", "echo", "hidden"]
        options.rounds = 1
        options.warmup = 1
        options.actors = [actors]
        options.seed = seed
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2,
            physicalMemory: 24_000_000_000)
        let environment = RunEnvironment.current()
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        var checksums = [String: UInt64]()
        for row in result.configurations.flatMap({ $0.rows(environment: environment, seed: seed) })
        {
            checksums["\(row.scenario).\(row.variant)"] = row.checksum
            #expect(row.cells.count == ResultRow.columns.count)
            #expect(row.status == (row.variant == "off-by-one" ? .wrong : .ok), "\(row.variant)")
        }
        return checksums
    }

    @Test("outcomes are the same for 1 actor and many", arguments: [1, 7, 64])
    func actorCountIndependence(machines: Int) async throws {
        let one = try await checksums(actors: 1, machines: machines)
        for actors in [2, 3, 16] {
            #expect(
                try await checksums(actors: actors, machines: machines) == one, "\(actors) actors")
        }
        #expect(one["tally.plain"] == one["tally.same"])
        #expect(one["echo.plain"] == one["echo.copy"])
        #expect(one["tally.plain"] != one["tally.off-by-one"])
    }

    @Test(
        "outcomes are checked against the baseline whatever order the variants ran in",
        arguments: [1 as UInt64, 2, 3, 4, 5, 6])
    func orderIndependentCheck(seed: UInt64) async throws {
        // No warm-up: the very first round is shuffled, so a variant may run before its
        // baseline; the seeds give different orders.
        var options = RunOptions()
        options.machines = [5]
        options.eventsPerMachine = [4]
        options.scenarios = ["tally"]
        options.rounds = 1
        options.warmup = 0
        options.seed = seed
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2,
            physicalMemory: 24_000_000_000)
        let result = await BenchmarkRunner(plan: plan, environment: RunEnvironment.current()).run()
        #expect(result.configurations[0].wrongVariants == ["off-by-one"], "seed \(seed)")
    }

    @Test("every measured round yields one sample per variant")
    func samplesPerRound() async throws {
        var options = RunOptions()
        options.machines = [10]
        options.eventsPerMachine = [10]
        options.scenarios = ["echo"]
        options.rounds = 4
        options.warmup = 0
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2,
            physicalMemory: 24_000_000_000)
        let result = await BenchmarkRunner(plan: plan, environment: RunEnvironment.current()).run()
        let configuration = result.configurations[0]
        #expect(configuration.rounds == 4)
        for variant in configuration.planned.variants {
            #expect(configuration.nanosecondsPerEvent(of: variant.name).count == 4)
        }
        #expect(configuration.events == 100)
    }
}

@Suite("axis groups")
struct AxisGroupTests {
    @Test("axis values become configurations measured together and compared with the first")
    func axisValues() async throws {
        var options = RunOptions()
        options.machines = [6]
        options.eventsPerMachine = [3]
        options.scenarios = ["tally"]
        options.variants = ["same"]
        options.parameters = [.init(scenario: "tally", name: "work", value: "10,20,10")]
        options.rounds = 3
        options.warmup = 0
        let plan = try RunPlan(
            options: options, catalog: FakeScenarios.catalog, cores: 2,
            physicalMemory: 24_000_000_000)
        // Repeated values run once.
        #expect(plan.configurations.map(\.label) == ["tally[work=10]", "tally[work=20]"])
        let environment = RunEnvironment.current()
        let result = await BenchmarkRunner(plan: plan, environment: environment).run()
        #expect(result.configurations.map(\.rounds) == [3, 3])
        #expect(result.configurations[0].axisReference == nil)
        #expect(result.configurations[1].axisReference?.axisValues == "work=10")
        let rows = result.configurations.flatMap { $0.rows(environment: environment, seed: 1) }
        #expect(rows.count == 4)
        #expect(rows.filter { $0.parameters == "bias=0;work=20" }.count == 2)
        for row in rows where row.parameters == "bias=0;work=20" {
            #expect(row.axisReference == "bias=0;work=10")
            let ratio = try #require(row.ratioToAxisReference)
            #expect(ratio.value > 0)
        }
        for row in rows where row.parameters == "bias=0;work=10" {
            #expect(row.axisReference.isEmpty && row.ratioToAxisReference == nil)
        }
        // Different work computes a different outcome: the checksum covers the work done.
        #expect(Set(rows.map(\.checksum)).count == 2)
    }
}

@Suite("CSV files")
struct OutputFileTests {
    @Test("RFC 4180 quoting")
    func quoting() {
        #expect(
            OutputFile.record(["a", "b c", "d,e", "say \"hi\"", "two\nlines"])
                == "a,b c,\"d,e\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
        #expect(OutputFile.record([""]) == "\r\n")
        // A CR LF inside a field is one character, but it breaks the line all the same.
        #expect(OutputFile.record(["a\r\nb", "c\rd"]) == "\"a\r\nb\",\"c\rd\"\r\n")
    }

    @Test("atomic writes replace the file whole and leave no temporary behind")
    func atomicWrite() throws {
        let path = "/tmp/simbench-csv-\(UInt32.random(in: 0...UInt32.max)).csv"
        try OutputFile.writeAtomically("first\r\n", to: path)
        try OutputFile.writeAtomically("second\r\n", to: path)
        let contents = try String(contentsOfFile: path, encoding: .utf8)
        #expect(contents == "second\r\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: "/tmp").filter {
            $0.hasPrefix("." + (path as NSString).lastPathComponent)
        }
        #expect(leftovers.isEmpty)
        #expect(throws: FileError.self) {
            try OutputFile.writeAtomically("x", to: "/nonexistent-directory/file.csv")
        }
        #expect(throws: OutputPathError.self) {
            try OutputFile.checkWritable("/nonexistent-directory/file.csv", label: "csv")
        }
        #expect(
            throws: OutputPathError(
                output: "csv", reason: "'/tmp' is a directory; expected a file path")
        ) { try OutputFile.checkWritable("/tmp", label: "csv") }
        unlink(path)
    }

    @Test("column names are unique")
    func uniqueColumns() {
        #expect(Set(ResultRow.columns).count == ResultRow.columns.count)
    }
}
