import Foundation
import Testing

@Suite("simbench doctor")
struct DoctorCommandTests {
    @Test("the doctor fails a variant whose outcome was computed before timing")
    func scaling() throws {
        let result = try SimBenchBinary.run([
            "doctor", "--scenario", "selftest", "--machines", "20",
        ])
        #expect(result.status == 5, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let precomputed = lines.first { $0.hasPrefix("scaling selftest.precomputed ") }
        #expect(precomputed?.contains("FAIL") == true, "\(result.standardOutput)")
        // Its honest twin is checked too; whether it passes is a timing on a shared machine,
        // which tests do not assert (the doctor's own runs show it: see the README).
        #expect(
            lines.contains { $0.hasPrefix("scaling selftest.same ") }, "\(result.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("A/A ruler vs ruler-twin") })
    }

    @Test("a doctor run too large for memory is refused up front, naming the doctor's flag")
    func memoryRefusal() throws {
        let result = try SimBenchBinary.run(
            ["doctor", "--deterministic", "--scenario", "marks", "--machines", "1000000000"])
        #expect(result.status == 64 && result.errorLines.count == 1, "\(result.standardError)")
        let line = result.errorLines.first ?? ""
        #expect(
            line.hasPrefix("simbench: --machines 1000000000: scenario 'marks' would need about"),
            "\(line)")
        // `doctor` takes no --events: the line names the events it chose instead.
        #expect(
            !line.contains("--events")
                && line.range(of: #"; --machines \d+ would fit$"#, options: .regularExpression)
                    != nil,
            "\(line)")
        #expect(result.standardOutput.isEmpty, "nothing is measured: \(result.standardOutput)")
    }

    @Test("doctor refuses unknown flags")
    func badFlag() throws {
        let result = try SimBenchBinary.run(["doctor", "--bogus"])
        #expect(result.status == 64 && result.errorLines.count == 1)
    }
}
