import Foundation
import SimBenchCore
import Testing

@testable import SimBench

/// compare reads a file's environment (CPU, cores, OS, toolchain, processor identity, host,
/// build and run) from the rows where it changes (`ResultsFile.environmentRows`), which
/// hold every value the other rows do, in the order first met.
@Suite("compare's environment rows")
struct EnvironmentRowsTests {
    /// The columns the environment rows watch.
    static let watched =
        EnvironmentChange.aspects.map(\.column) + ResultsRecord.processorColumns
        + ResultsComparison.Provenance.columns

    /// A file of `count` rows whose environment changes at random rows, now in one cell,
    /// now in several, with cells that need quotes, that are empty or not ASCII; where
    /// `quoting`, some rows write their host in quotes that it does not need (the same text
    /// as the row before's, other bytes).
    static func file(seed: UInt64, count: Int = 80, quoting: Bool, without: [String] = [])
        throws -> ResultsFile
    {
        var random = SplitMix64(seed: seed)
        func pick(_ values: [String]) -> String {
            values[Int(random.next() % UInt64(values.count))]
        }
        let choices: [String: [String]] = [
            "host": ["ci-host", "ci-host", "other", "c,d", "é", ""],
            "cpu": [EnvironmentChangeTests.epyc, EnvironmentChangeTests.xeon, "x \"q\" y", ""],
            "cores": ["2", "4"], "os": ["Linux 6.1", "Linux 6.2", ""],
            "swift_version": ["Swift version 6.3", "Swift version 6.2"],
            "build_flags": ["-O", "-Ounchecked", ""], "build_config": ["release", "debug"],
            "run_id": ["run-1", "run-2", "run-3"], "cpu_family": ["25", "26", ""],
            "l2_cache_bytes": ["524288", "1048576", ""], "hypervisor": ["KVM", ""],
        ]
        var rows = [[String: String]]()
        var environment = choices.mapValues { $0[0] }
        for index in 0..<count {
            // Most rows repeat the row before's environment, as a run's rows do.
            if random.next() % 4 == 0 {
                for _ in 0...(random.next() % 3) {
                    let column = pick(choices.keys.sorted())
                    environment[column] = pick(choices[column]!)
                }
            }
            var row = [String: String].row("v\(index)", median: 1)
            row.merge(environment) { $1 }
            rows.append(row)
        }
        var fixture = ResultsFixture(rows)
        fixture.columns.removeAll { without.contains($0) }
        var lines = fixture.text.components(separatedBy: "\r\n")
        if quoting {
            for index in lines.indices.dropFirst() where random.next() % 3 == 0 {
                lines[index] = lines[index].replacingOccurrences(
                    of: ",ci-host,", with: ",\"ci-host\",")
            }
        }
        return try ResultsFile(
            path: "environment-\(seed).csv", bytes: Array(lines.joined(separator: "\r\n").utf8),
            runs: .several)
    }

    /// The first row, and each whose cell of a column of `columns` is not the row before's
    /// text, byte for byte: found row by row, cell by cell.
    static func changingRows(_ file: ResultsFile, _ columns: [ResultColumn]) -> [Int] {
        file.records.indices.filter { index in
            index == 0
                || columns.contains { column in
                    Array(file.records[index][column].utf8)
                        != Array(file.records[index - 1][column].utf8)
                }
        }
    }

    @Test("the rows where cells change are those whose cells differ from the row before's text")
    func changingRows() throws {
        let columnSets: [[ResultColumn]] = [
            Self.watched, [.host], [.runID, .buildConfig],
            [.cpu] + ResultColumn.hostIdentityColumns,
            [.variant], [.scenario],
        ]
        for seed in UInt64(1)...12 {
            for quoting in [false, true] {
                let file = try Self.file(seed: seed, quoting: quoting)
                for columns in columnSets {
                    let fields = columns.map { file.table.positions.position(of: $0) }
                    #expect(
                        file.table.rowsWhereCellsChange(fields) == Self.changingRows(file, columns),
                        "seed \(seed), quoting \(quoting), \(columns.map(\.name))")
                }
                #expect(
                    file.environmentRows.map(\.row) == Self.changingRows(file, Self.watched),
                    "seed \(seed), quoting \(quoting)")
            }
        }
        // Columns the file lacks are empty in every row: they change nowhere.
        let without = try Self.file(seed: 3, quoting: true, without: ["host", "os"])
        #expect(
            without.table.rowsWhereCellsChange([nil, without.table.positions.position(of: .cores)])
                == Self.changingRows(without, [.host, .cores]))
    }

    @Test("the environment and the provenance read from those rows are every row's")
    func sameFindings() throws {
        for seed in UInt64(1)...12 {
            let before = try Self.file(seed: seed, quoting: seed % 2 == 0)
            let after = try Self.file(seed: seed + 100, quoting: seed % 3 == 0)
            for (old, new) in [(before, after), (before, before), (after, before)] {
                #expect(
                    EnvironmentChange(baseline: old.environmentRows, current: new.environmentRows)
                        == EnvironmentChange(baseline: old.records, current: new.records),
                    "seed \(seed)")
            }
            for file in [before, after] {
                let fromRows = ResultsComparison.Provenance(file.environmentRows)
                let fromAll = ResultsComparison.Provenance(file.records)
                #expect(
                    [fromRows.hosts, fromRows.builds, fromRows.runs]
                        == [fromAll.hosts, fromAll.builds, fromAll.runs], "seed \(seed)")
            }
        }
    }
}
