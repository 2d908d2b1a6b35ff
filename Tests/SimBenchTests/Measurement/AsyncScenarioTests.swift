import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// An asynchronous scenario whose work runs on a thread the variant starts itself, never on
/// the worker's: only process-wide counts can see it.
///
/// Each run allocates `blocksPerEntity` blocks of `blockSize` bytes per entity on that
/// thread, holds them all at once, and spins until that thread has used
/// `OffThreadScenario.spin` of CPU time.
struct OffThreadScenario: Scenario {
    static let descriptor = ScenarioDescriptor(
        name: "off-thread", title: "sums a tape on a thread of its own", seedArticle: "none",
        entityUnit: "counter", eventUnit: "number added", defaultEventsPerEntity: 4,
        bytesPerEvent: 8, bytesPerEntity: 16)

    /// The CPU time each run spends on its own thread, in nanoseconds.
    static let spin: UInt64 = 20_000_000

    /// Large, so that what the rest of the test process allocates and frees meanwhile (its
    /// other tests run in parallel, and process-wide counts see them) is small beside it;
    /// below glibc's mmap threshold, so it comes from the heap.
    static let blockSize = 64 * 1024

    static let variants: [Variant<NumberTape, TapeSum>] = [
        Variant(name: "plain", role: .baseline, summary: "one block per counter") {
            await runOffThread($0, blocksPerEntity: 1)
        },
        Variant(name: "holding", summary: "five blocks per counter, held together") {
            await runOffThread($0, blocksPerEntity: 5)
        },
    ]

    let configuration: ScenarioConfiguration
    init(configuration: ScenarioConfiguration) { self.configuration = configuration }
    func makeShard(entities: Range<Int>) -> NumberTape { NumberTape(configuration, entities) }
    func eventCount(of shard: NumberTape) -> Int { shard.numbers.count }

    static func runOffThread(_ shard: NumberTape, blocksPerEntity: Int) async -> TapeSum {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                let entities = shard.numbers.count / max(shard.eventsPerEntity, 1)
                var blocks = [UnsafeMutableRawPointer]()
                blocks.reserveCapacity(entities * blocksPerEntity)
                for _ in 0..<(entities * blocksPerEntity) { blocks.append(malloc(blockSize)!) }
                let start = threadCPUNanoseconds()
                while threadCPUNanoseconds() - start < spin {}
                let sum = TapeSum(shard)
                for block in blocks { free(block) }
                continuation.resume(returning: sum)
            }
            thread.start()
        }
    }
}

/// The tests that read process-wide counts run them in processes of their own (exit tests).
@Suite("asynchronous variants")
struct AsyncScenarioTests {
    @Test("an asynchronous scenario gets one worker; a synchronous one as many as asked")
    func oneWorker() {
        let asynchronous = ScenarioEntry(OffThreadScenario.self)
        #expect(asynchronous.isAsynchronous)
        #expect(asynchronous.workers(planned: 8, entities: 1000) == 1)
        #expect(asynchronous.measurementNote?.contains("whole process") == true)
        let synchronous = ScenarioEntry(TallyScenario.self)
        #expect(!synchronous.isAsynchronous)
        #expect(synchronous.workers(planned: 8, entities: 1000) == 8)
        #expect(synchronous.workers(planned: 8, entities: 3) == 3)
        #expect(synchronous.measurementNote == nil)
    }

    @Test(
        "allocations and CPU time made on another thread are counted",
        .disabled(
            if: AllocationCounter.isUnderSanitizer,
            "the allocation counter steps aside under a sanitizer"))
    func processWideCounts() async {
        // Process-wide counts, so in a process of their own (an exit test): what other tests
        // allocate and spend meanwhile cannot reach them.
        await #expect(processExitsWith: .success) {
            let entities = 200
            let session = FleetSession<OffThreadScenario>(
                configuration: ScenarioConfiguration(
                    entities: entities, eventsPerEntity: 4, seed: 3, parameters: ParameterValues()))
            _ = await session.setUp(actors: 1, variants: ["plain", "holding"])
            for _ in 0..<2 {
                let plain = await session.measure(variant: "plain", instructions: nil)
                let holding = await session.measure(variant: "holding", instructions: nil)
                // The worker's own thread made none of these: per-thread counts would miss them.
                #expect(
                    (plain.allocations ?? 0) >= UInt64(entities),
                    "\(String(describing: plain.allocations))")
                #expect(
                    (holding.allocations ?? 0) >= UInt64(5 * entities),
                    "\(String(describing: holding.allocations))")
                #expect(plain.cpuNanoseconds >= OffThreadScenario.spin)
                #expect(holding.cpuNanoseconds >= OffThreadScenario.spin)
            }
            #expect(await session.verdict(variant: "holding").matchesBaseline)
            await session.tearDown()
        }
    }

    @Test(
        "bytes per entity of an asynchronous variant are counted on every thread",
        .disabled(
            if: AllocationCounter.isUnderSanitizer,
            "the allocation counter steps aside under a sanitizer"))
    func processWideBytes() async {
        // One and five blocks per counter, all made and held on the variant's own thread,
        // which a per-thread count never sees. The count is the whole process's, so it runs in
        // a process of its own (an exit test), where no other test allocates: one count, within
        // 10% of both; a count blind to the variant's thread (0) or counting twice is not.
        await #expect(processExitsWith: .success) {
            let session = FleetSession<OffThreadScenario>(
                configuration: ScenarioConfiguration(
                    entities: 64, eventsPerEntity: 4, seed: 3, parameters: ParameterValues()))
            _ = await session.setUp(actors: 1, variants: ["plain", "holding"])
            let block = Double(OffThreadScenario.blockSize)
            // No count (nil) is no number: it fails the claim.
            let plain = await session.bytesPerEntity(variant: "plain") ?? .nan
            let holding = await session.bytesPerEntity(variant: "holding") ?? .nan
            #expect(
                abs(plain - block) <= 0.1 * block && abs(holding - 5 * block) <= 0.1 * 5 * block,
                "counted plain \(plain), holding \(holding)")
            await session.tearDown()
        }
    }

    @Test(
        "a sweep of --actors measures an asynchronous scenario once: it always runs from one worker"
    )
    func actorSweepCollapses() throws {
        var options = RunOptions()
        options.machines = [50]
        options.scenarios = ["off-thread"]
        options.actors = [1, 2, 4]
        let plan = try RunPlan(
            options: options, catalog: Catalog([OffThreadScenario.self]), cores: 2,
            physicalMemory: 1 << 32)
        #expect(plan.configurations.map(\.actors) == [1])
        #expect(plan.configurations.map(\.sweep) == ["actors=1"])
    }

    @Test("a run: one worker in the results, outcomes checked, the process-wide counts reported")
    func runThroughTheRunner() async throws {
        var options = RunOptions()
        options.machines = [50]
        options.scenarios = ["off-thread"]
        options.rounds = 2
        options.warmup = 0
        options.actors = [4]
        let plan = try RunPlan(
            options: options, catalog: Catalog([OffThreadScenario.self]), cores: 2,
            physicalMemory: 1 << 32)
        let result = await BenchmarkRunner(plan: plan, environment: RunEnvironment.current()).run()
        let configuration = try #require(result.configurations.first)
        #expect(configuration.actors == 1)
        #expect(configuration.verdicts["holding"]?.matchesBaseline == true)
        for sample in configuration.samples["plain"] ?? [] {
            #expect(sample.cpuNanoseconds >= OffThreadScenario.spin)
        }
        #expect(configuration.samples["plain"]?.count == 2)
    }
}
