import Testing

@testable import SimBench

/// Calls into each runtime mechanism, counted from a dump's `calls=` lines: where the code
/// enters a mechanism, not the mechanism's calls of itself.
struct MechanismCallTests {
    static let binary = "/tmp/simbench-counted-1/simbench"
    static let core = "/usr/lib/swift/linux/libswiftCore.so"

    @Test(
        "entry points by kind; witness and dispatch thunks by their mangling; the rest none",
        arguments: [
            ("swift_retain", MechanismCall?.some(.retain)),
            ("swift_nonatomic_retain_n", .retain),
            ("swift_bridgeObjectRelease", .release),
            ("swift_release'2", .release),
            ("swift_weakLoadStrong", .weakLoad),
            ("swift_weakInit", nil),
            ("swift_allocObject", .allocation),
            ("malloc", .allocation),
            ("swift_deallocClassInstance", .free),
            ("free", .free),
            ("swift_beginAccess", .exclusivity),
            ("swift_endAccess", nil),
            ("$s8Subjects13HasMoneyStateCAA0cD0A2aDP6insertyyFTW", .witness),
            ("$s8Subjects5ShapeP4areaSdyFTj", .witness),
            ("$sSlsSly7ElementQz5IndexQzcirTW" + "Tm", .witness),
            ("$s8Subjects13VendingMachineC4stepyyF", nil),
            ("_swift_release_dealloc", nil),
        ])
    func kinds(symbol: String, expected: MechanismCall?) {
        #expect(MechanismCall.kind(of: symbol) == expected, "\(symbol)")
    }

    /// The measured code enters each mechanism; the mechanisms call their own insides
    /// (`swift_allocObject` → `swift_slowAlloc` → `malloc`; a release's deallocation →
    /// `free`), and the standard library enters one too.
    static let dump = """
        events: Ir
        ob=(1) \(binary)
        fn=(1) main_loop
        0 100
        cob=(2) \(core)
        cfn=(2) swift_retain
        calls=10 0
        0 50
        cob=(2)
        cfn=(3) swift_allocObject
        calls=5 0
        0 200
        cfn=(4) $s8Subjects13HasMoneyStateCAA0cD0A2aDP6insertyyFTW
        calls=7 0
        0 70
        cfn=(5) $s8Subjects5StateP4nextyyFTWTm
        calls=1 0
        0 9
        cob=(2)
        cfn=(6) swift_beginAccess
        calls=4 0
        0 40
        cob=(2)
        cfn=(7) $sSa6appendyyxnF
        calls=1 0
        0 90
        fn=(4)
        0 70
        fn=(5)
        0 9
        ob=(2)
        fn=(2)
        0 50
        fn=(3)
        0 50
        cfn=(8) swift_slowAlloc
        calls=5 0
        0 150
        fn=(8)
        0 50
        cob=(3) /usr/lib/x86_64-linux-gnu/libc.so.6
        cfn=(9) malloc
        calls=5 0
        0 100
        fn=(6)
        0 40
        fn=(7)
        0 30
        cfn=(10) swift_release
        calls=3 0
        0 60
        fn=(10)
        0 20
        cfn=(11) _swift_release_dealloc
        calls=2 0
        0 40
        fn=(11)
        0 10
        cfn=(12) swift_deallocClassInstance
        calls=2 0
        0 30
        fn=(12)
        0 10
        cob=(3)
        cfn=(13) free
        calls=2 0
        0 20
        ob=(3)
        fn=(9)
        0 100
        fn=(13)
        0 20
        totals: 559
        """

    @Test("each kind counted where the code enters it, never inside the mechanism itself")
    func countsEntries() throws {
        let dump = try CallgrindDump(parsing: Self.dump)
        let calls = dump.mechanismCalls(measured: Self.binary)
        #expect(calls[.retain] == 10)
        #expect(calls[.release] == 3, "from the standard library's code")
        #expect(calls[.allocation] == 5, "swift_slowAlloc's and malloc's inside it: not again")
        #expect(calls[.free] == 2, "the release's deallocation; its free inside: not again")
        #expect(calls[.witness] == 8, "7 witness calls and 1 merged one")
        #expect(calls[.exclusivity] == 4)
        #expect(calls[.weakLoad] == nil)
    }

    @Test("a calls= line without its count is refused, not read as none")
    func refusesCountless() {
        let text = Self.dump.replacingOccurrences(of: "calls=7 0", with: "calls=seven 0")
        #expect(throws: CallgrindDump.Malformed.self) { try CallgrindDump(parsing: text) }
    }

    @Test("per event in the counted figures, and what a pattern adds over its baseline")
    func perEvent() throws {
        var figures = CountedFigures(
            instructionsPerEvent: 559 / 5.0, estimatedCyclesPerEvent: nil, machines: 1, events: 5)
        figures.split(try CallgrindDump(parsing: Self.dump), measured: Self.binary)
        let calls = try #require(figures.calls)
        #expect(calls[.retain] == 2)
        #expect(calls[.witness] == 1.6)
        let added = calls.subtracting(MechanismCalls([.retain: 0.5, .weakLoad: 1]))
        #expect(added[.retain] == 1.5)
        #expect(added[.weakLoad] == -1)
    }

    @Test("the seven columns, in order, after the identity's, at the end of the file")
    func columns() {
        let names = MechanismCall.allCases.map(\.columnName)
        #expect(
            names == [
                "calls_retain_per_event", "calls_release_per_event", "calls_weak_load_per_event",
                "calls_allocation_per_event", "calls_free_per_event", "calls_witness_per_event",
                "calls_exclusivity_per_event",
            ])
        let columns = ResultRow.columns
        let first = columns.firstIndex(of: names[0]) ?? 0
        #expect(first > (columns.firstIndex(of: "hypervisor") ?? columns.count))
        #expect(Array(columns[first...].prefix(7)) == names)
    }
}
