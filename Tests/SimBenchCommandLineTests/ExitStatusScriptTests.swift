import Foundation
import SimBench
import Testing

@testable import SimBenchCommandLine

/// The scripts read simbench's exit statuses by name from `scripts/exit-status.sh`: it must
/// hold every `ExitStatus`, with its number, and nothing else.
@Suite("exit statuses for the scripts")
struct ExitStatusScriptTests {
    /// `wrongOutcome` → `exit_wrong_outcome`.
    static func variable(_ status: SimBenchCommandLine.ExitStatus) -> String {
        "exit_"
            + String(describing: status).map { $0.isUppercase ? "_" + $0.lowercased() : String($0) }
            .joined()
    }

    @Test("scripts/exit-status.sh names every ExitStatus with its number, and nothing else")
    func agrees() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent("scripts/exit-status.sh"), encoding: .utf8)
        var declared = [String: Int32]()
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            #expect(parts.count == 2, "\(line)")
            if parts.count == 2 { declared[parts[0]] = Int32(parts[1]) }
        }
        let expected = Dictionary(
            uniqueKeysWithValues: SimBenchCommandLine.ExitStatus.allCases.map {
                (Self.variable($0), $0.rawValue)
            })
        #expect(declared == expected)
        #expect(Self.variable(.countingUnavailable) == "exit_counting_unavailable")
    }

    @Test("a closed pipe ends the harness with the command line's closedPipe status")
    func closedPipe() {
        #expect(
            StandardOutput.closedPipeStatus == SimBenchCommandLine.ExitStatus.closedPipe.rawValue)
    }
}
