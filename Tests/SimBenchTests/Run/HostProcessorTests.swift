import Testing

@testable import SimBench

/// How a processor is named beside others: its CPU and its identity in a few words, every
/// field where two would read alike, `identity unknown` without one.
@Suite("host processor: named so that hosts are told apart")
struct HostProcessorTests {
    static func identity(microcode: String) -> HostIdentity {
        var identity = HostIdentity()
        identity.vendor = "AuthenticAMD"
        identity.family = "25"
        identity.model = "1"
        identity.stepping = "1"
        identity.microcode = microcode
        identity.l2Bytes = 512 << 10
        return identity
    }

    @Test("a few words each; every field where two processors differ only in their microcode")
    func labels() {
        let first = HostProcessor(name: "AMD EPYC", identity: Self.identity(microcode: "0xa0011d1"))
        let second = HostProcessor(
            name: "AMD EPYC", identity: Self.identity(microcode: "0xa0011d5"))
        let old = HostProcessor(name: "AMD EPYC", identity: .unknown)
        #expect(first.label == "AMD EPYC: family 25 model 1 stepping 1, L2 512 KB")
        #expect(old.label == "AMD EPYC: identity unknown")
        #expect(
            HostProcessor(name: "", identity: .unknown).label == "unnamed CPU: identity unknown")
        let labels = HostProcessor.labels([first, second, old])
        #expect(
            labels == [
                "AMD EPYC: vendor AuthenticAMD, family 25, model 1, stepping 1, microcode 0xa0011d1, L2 512 KB",
                "AMD EPYC: vendor AuthenticAMD, family 25, model 1, stepping 1, microcode 0xa0011d5, L2 512 KB",
                "AMD EPYC: identity unknown",
            ])
        #expect(Set(labels).count == 3)
        #expect(HostProcessor.labels([first, old]) == [first.label, old.label])
    }

    @Test("rows are on the same processor, told from bytes, exactly when their processors are")
    func sameProcessorFromBytes() {
        let header = ResultRow.columns
        let columns = ColumnPositions(header: header)
        let fields = header.map { _ in "1" }
        let record = ResultsRecord(line: 2, fields: fields, columns: columns)
        var tellApart = Set<String>()
        for (index, name) in header.enumerated() {
            var changed = fields
            changed[index] = "2"
            let other = ResultsRecord(line: 3, fields: changed, columns: columns)
            let same = other.processor == record.processor
            if !same { tellApart.insert(name) }
            // The bytes say what the processors say, for every column.
            #expect(other.hasSameProcessor(as: record) == same, "\(name)")
            // A row of another file (its own column positions) is told apart by column.
            let elsewhere = ResultsRecord(
                line: 3, fields: changed, columns: ColumnPositions(header: header))
            #expect(elsewhere.hasSameProcessor(as: record) == same, "\(name)")
        }
        // The name and every field of the identity tell processors apart, nothing else.
        #expect(
            tellApart
                == Set(["cpu"] + ResultColumn.hostIdentityColumns.map(\.name)))
        #expect(ResultColumn.hostIdentityColumns.count == 11)
        #expect(
            ResultsRecord.processors([record, record, record]) == [record.processor])
    }

    @Test("a row's processor identity reads back every field a run wrote in its cells")
    func identityReadsBack() {
        var identity = HostIdentity()
        identity.vendor = "AuthenticAMD"
        identity.family = "25"
        identity.model = "17"
        identity.stepping = "1"
        identity.microcode = "0x1000065"
        identity.l1dBytes = 32_768
        identity.l2Bytes = 1_048_576
        identity.l3Bytes = 33_554_432
        identity.baseMHz = 2_450
        identity.maxMHz = 3_500
        identity.hypervisor = "KVM"
        var row = ResultRow.measured()
        row.environment.hostIdentity = identity
        let record = ResultsRecord(row: row)
        #expect(record.hostIdentity == identity)
    }
}
