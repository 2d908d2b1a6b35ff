import Testing

@testable import SimBench

/// The split of a Callgrind dump by runtime mechanism: the rules' table, the dump's self
/// costs and calls, the helpers given to their callers, and the columns.
struct MechanismRulesTests {
    static let binary = "/tmp/simbench-counted-1/simbench"

    @Test(
        "functions go to their mechanism by symbol, the binary's to own, the rest to runtime-other",
        arguments: [
            ("swift_retain", "/usr/lib/swift/linux/libswiftCore.so", Mechanism.refcount),
            ("swift_release_n", "/usr/lib/swift/linux/libswiftCore.so", .refcount),
            ("swift_weakLoadStrong", "/usr/lib/swift/linux/libswiftCore.so", .refcount),
            (
                "swift::RefCounts<swift::SideTableRefCountBits>::doDecrementSlow<(swift::PerformDeinit)1>(swift::SideTableRefCountBits, unsigned int)",
                "/usr/lib/swift/linux/libswiftCore.so", .refcount
            ),
            ("swift_allocObject", "/usr/lib/swift/linux/libswiftCore.so", .alloc),
            ("_int_free", "/usr/lib/x86_64-linux-gnu/libc.so.6", .alloc),
            ("malloc", "/usr/lib/x86_64-linux-gnu/libc.so.6", .alloc),
            ("swift_dynamicCast", "/usr/lib/swift/linux/libswiftCore.so", .dispatch),
            ("tryCast(swift::OpaqueValue*)'2", "/usr/lib/swift/linux/libswiftCore.so", .dispatch),
            ("swift_beginAccess", "/usr/lib/swift/linux/libswiftCore.so", .exclusivity),
            ("$s8Subjects13VendingMachineC4stepyyF", binary, .own),
            ("swift_retain", binary, .refcount),
            ("$sSS6appendyySSF", "/usr/lib/swift/linux/libswiftCore.so", .runtimeOther),
            ("$sSqwxx", "/usr/lib/swift/linux/libswiftCore.so", .dispatch),
            (
                "$sSNsSxRzSZ6StrideRpzrlE5IndexOwxxTm", "/usr/lib/swift/linux/libswiftCore.so",
                .dispatch
            ),
            ("_swift_pod_destroy", "/usr/lib/swift/linux/libswiftCore.so", .dispatch),
            (
                "$sSlsE19underestimatedCountSivgSS9UTF16ViewV_Tgq5Tm",
                "/usr/lib/swift/linux/libswiftCore.so", .own
            ),
            ("$sSS9UTF16ViewV5countSivg", "/usr/lib/swift/linux/libswiftCore.so", .runtimeOther),
            ("malloc_consolidate_helper", "/usr/lib/x86_64-linux-gnu/libc.so.6", .runtimeOther),
        ])
    func classifies(symbol: String, object: String, expected: Mechanism) {
        #expect(
            MechanismRules.mechanism(of: symbol, in: object, measured: MechanismRulesTests.binary)
                == expected)
    }

    /// A dump in Callgrind's compressed form: own code calling swift_retain (another object,
    /// `cob=`), swift_beginAccess calling the thread-local look-up, a helper of every
    /// mechanism, also called from the binary.
    static let dump = """
        events: Ir
        ob=(1) \(binary)
        fn=(1) main_loop
        0 100
        cob=(2) /usr/lib/swift/linux/libswiftCore.so
        cfn=(2) swift_retain
        calls=10 0
        0 50
        cob=(2)
        cfn=(3) swift_beginAccess
        calls=10 0
        0 300
        cob=(3) /lib/ld-linux-x86-64.so.2
        cfn=(4) __tls_get_addr
        calls=10 0
        0 100
        ob=(2)
        fn=(2)
        0 50
        fn=(3)
        0 100
        cob=(3)
        cfn=(4)
        calls=20 0
        0 200
        ob=(3)
        fn=(4)
        0 300
        fn=(5) _dl_fixup
        0 7
        totals: 557
        """

    @Test("a dump's self costs, not its calls' inclusive costs, by object and symbol")
    func readsSelfCosts() throws {
        let dump = try CallgrindDump(parsing: MechanismRulesTests.dump)
        #expect(dump.instructions == 557)
        let costs = Dictionary(uniqueKeysWithValues: dump.functions.map { ($0.symbol, $0) })
        #expect(costs["main_loop"]?.instructions == 100)
        #expect(costs["swift_retain"]?.instructions == 50)
        #expect(costs["swift_retain"]?.object == "/usr/lib/swift/linux/libswiftCore.so")
        #expect(costs["__tls_get_addr"]?.instructions == 300)
        #expect(dump.functions.reduce(0) { $0 + $1.instructions } == 557)
        #expect(dump.calls.count == 4)
    }

    @Test("a helper's instructions go to its callers' mechanisms by what their calls ran")
    func splitsHelpersByCaller() throws {
        let dump = try CallgrindDump(parsing: MechanismRulesTests.dump)
        let (split, other) = dump.split(measured: MechanismRulesTests.binary)
        // __tls_get_addr's 300: 100 from main_loop (own), 200 from swift_beginAccess.
        #expect(split[.own] == 200)
        #expect(split[.exclusivity] == 300)
        #expect(split[.refcount] == 50)
        #expect(split[.runtimeOther] == 7)
        #expect(split.values.reduce(0, +) == dump.instructions)
        #expect(other.map(\.symbol) == ["_dl_fixup"])
    }

    @Test("the six columns are the mechanisms', in order, at the end of the file")
    func columns() {
        let names = Mechanism.allCases.map(\.columnName)
        #expect(
            names == [
                "instructions_refcount_per_event", "instructions_alloc_per_event",
                "instructions_dispatch_per_event", "instructions_exclusivity_per_event",
                "instructions_runtime_other_per_event", "instructions_own_per_event",
            ])
        let columns = ResultRow.columns
        let first = columns.firstIndex(of: names[0]) ?? 0
        let source = columns.firstIndex(of: "instructions_source") ?? columns.count
        #expect(first > source, "after the columns before them")
        #expect(Array(columns[first...].prefix(6)) == names)
    }

    @Test("what a pattern adds, in the answer: shares of its extra instructions, largest first")
    func answerSentence() {
        var answer = PatternAnswer(
            variant: "state-objects", event: "customer action", entity: "vending machine",
            overhead: 25.4, overheadLow: 25, overheadHigh: 26, bytesOverBaseline: nil,
            breakeven: 500, breakevenNote: "", negligible: 0.05)
        let plain = answer.sentence
        #expect(!plain.contains("instructions"), "no counts, no instructions: \(plain)")
        let baseline = MechanismSplit([.own: 27, .refcount: 1])
        let pattern = MechanismSplit([.own: 67, .refcount: 109, .alloc: 64])
        answer.instructionsAdded = PatternAnswer.instructionsAdded(pattern, over: baseline)
        #expect(
            answer.sentence.hasSuffix(
                "; its +212 instructions per customer action: 51% reference counting, 30% allocation, 19% its own code."
            ), "\(answer.sentence)")
    }
}
