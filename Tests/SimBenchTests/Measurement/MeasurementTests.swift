import Testing

@testable import SimBench

/// A class instance per iteration: each `Token(...)` is one swift_allocObject, one malloc.
private final class Token {
    let value: Int
    init(value: Int) { self.value = value }
}

/// Allocates `count` objects the optimiser cannot keep on the stack: each escapes through
/// an opaque call.
@inline(never)
private func allocateTokens(_ count: Int) -> Int {
    var total = 0
    for index in 0..<count {
        let token = Token(value: index)
        total &+= escape(token).value
    }
    return total
}

@inline(never)
private func escape(_ token: Token) -> Token { token }

@Suite("measurement")
struct MeasurementTests {
    @Test(
        "the test bundle links the counter, and the harness finds it by name",
        .disabled(
            if: AllocationCounter.isUnderSanitizer,
            "the allocation counter steps aside under a sanitizer"))
    func active() {
        #expect(AllocationCounter.isActive)
        #expect(AllocationCounter.unavailableReason == nil)
    }

    @Test(
        "under a sanitizer the counter steps aside and says so",
        .enabled(if: AllocationCounter.isUnderSanitizer, "only under a sanitizer"))
    func sanitized() {
        #expect(!AllocationCounter.isActive)
        #expect(
            AllocationCounter.unavailableReason
                == "allocation counting: not counted under a sanitizer")
    }

    // Synchronous tests stay on one thread, so this thread's count is exact even while other
    // tests allocate in parallel.
    @Test(
        "allocating N objects counts at least N allocations",
        .disabled(
            if: AllocationCounter.isUnderSanitizer,
            "the allocation counter steps aside under a sanitizer"),
        arguments: [1, 1_000, 100_000])
    func countsAllocations(objects: Int) {
        let before = AllocationCounter.countOnThisThread()
        let total = allocateTokens(objects)
        let after = AllocationCounter.countOnThisThread()
        #expect(total == objects * (objects - 1) / 2)
        #expect(after - before >= UInt64(objects), "\(objects) objects: \(after - before) counted")
    }

    @Test("integer arithmetic allocates nothing")
    func countsNothing() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let before = AllocationCounter.countOnThisThread()
        for _ in 0..<100_000 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
        }
        let after = AllocationCounter.countOnThisThread()
        #expect(state != 0)
        #expect(after == before, "\(after - before) allocations during arithmetic")
    }

    @Test(
        "allocations on other threads are counted",
        .disabled(
            if: AllocationCounter.isUnderSanitizer,
            "the allocation counter steps aside under a sanitizer"))
    func countsOtherThreads() async {
        // A process-wide count, so in a process of its own (an exit test).
        await #expect(processExitsWith: .success) {
            let before = AllocationCounter.count()
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { allocateTokens(10_000) } }
                for await _ in group {}
            }
            let after = AllocationCounter.count()
            // Process-wide: the tasks ran on the pool's threads, whose tallies count too.
            #expect(after - before >= 40_000, "\(after - before) counted for 40,000 objects")
        }
    }

    @Test("CPU time never decreases and grows with work")
    func cpuTime() async {
        // The process's CPU time and peak, so in a process of its own (an exit test).
        await #expect(processExitsWith: .success) {
            let first = ResourceUsage.current()
            var state: UInt64 = 1
            for _ in 0..<20_000_000 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
            let second = ResourceUsage.current()
            #expect(state != 0)
            #expect(second.userNanoseconds >= first.userNanoseconds)
            #expect(second.systemNanoseconds >= first.systemNanoseconds)
            #expect(second.cpuNanoseconds > first.cpuNanoseconds)
            #expect(second.peakResidentBytes >= first.peakResidentBytes)
        }
    }

    @Test(
        "resident memory is positive and grows with touched memory",
        .enabled(if: Platform.isLinux, "read from /proc/self/statm; the portable build has no call")
    )
    func residentMemory() async {
        // 64 MiB, every page written: resident memory must grow by most of it. The process's
        // resident memory, so in a process of its own (an exit test), where no other suite
        // frees memory between the two reads.
        await #expect(processExitsWith: .success) {
            // No reading (nil) is 0, which fails the claims below.
            let before = ResourceUsage.currentResidentBytes() ?? 0
            #expect(before > 0)
            let block = [UInt8](repeating: 1, count: 64 << 20)
            let during = ResourceUsage.currentResidentBytes() ?? 0
            let peak = ResourceUsage.current().peakResidentBytes
            #expect(block[block.count - 1] == 1)
            #expect(peak >= 64 << 20, "peak \(peak) bytes")
            #expect(
                during >= before + (32 << 20),
                "resident memory did not grow by 32 MiB with a 64 MiB block: \(before) → \(during)")
        }
    }

    @Test(
        "instruction counting counts where the hardware counter opens",
        .enabled(
            if: InstructionCounter.unavailableReason() == nil,
            "no hardware instruction counter here (a VM without one, or perf_event_paranoid)"))
    func instructions() throws {
        let counter = try InstructionCounter()
        let before = try #require(counter.read())
        var state: UInt64 = 1
        for _ in 0..<1_000_000 { state = state &* 6_364_136_223_846_793_005 &+ 1 }
        let after = try #require(counter.read())
        #expect(state != 0)
        #expect(after - before >= 1_000_000)
        #expect(InstructionCounter.unavailableReason() == nil)
    }

    @Test(
        "without a hardware counter, instruction counting says why in one line",
        .disabled(
            if: InstructionCounter.unavailableReason() == nil,
            "the hardware instruction counter opens here"))
    func instructionsUnavailable() {
        #expect(throws: InstructionCounterUnavailable.self) { try InstructionCounter() }
        do throws(InstructionCounterUnavailable) {
            _ = try InstructionCounter()
        } catch {
            #expect(error.description.hasPrefix("perf_event_open: "))
            #expect(!error.description.contains("\n"))
            #expect(InstructionCounter.unavailableReason() == error.description)
        }
    }
}
