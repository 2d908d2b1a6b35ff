import Foundation
import Testing

@testable import SimBench

/// Runs that race to create the same new history.
extension HistoryFileTests {
    @Test("two runs creating the same new history both keep their rows", arguments: 0..<20)
    func racingCreation(trial: Int) async throws {
        let scratch = try Scratch()
        let path = scratch.path("history.csv")
        let outcomes = try await withThrowingTaskGroup(of: HistoryFile.Outcome.self) { group in
            for run in ["run-a", "run-b"] {
                group.addTask {
                    try HistoryFile.append(rows: HistoryFileTests.rows(run: run), to: path)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter(\.createdFile).count == 1, "trial \(trial): \(outcomes)")
        let history = try ResultsFile.read(path, runs: .several)
        #expect(history.records.count == 4, "trial \(trial)")
        #expect(Set(history.records.map { $0[.runID] }) == ["run-a", "run-b"])
    }

}
