import Foundation
import Testing

@Suite("simbench host")
struct HostCommandTests {
    /// The mechanism scenario's variants, each a line of the price list.
    static let mechanisms = [
        "retain-release", "weak-load", "allocation", "class-method", "existential", "generic",
        "exclusivity", "steps",
    ]

    @Test("the identity field by field, a line per mechanism, and how long it took")
    func profile() throws {
        // Where no committed counts are: the scratch directory has no results/hosts/.
        let scratch = try ScratchDirectory()
        let result = try SimBenchBinary.run(
            [
                "host", "--allow-debug", "--machines", "20", "--events", "5", "--processes",
                "1", "--rounds", "2",
            ], in: scratch.url)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("host ") == true, "\(result.standardOutput)")
        let identity = try #require(lines.first { $0.hasPrefix("  identity: ") })
        #if os(Linux) && arch(x86_64)
            #expect(identity.contains("family "), "\(identity)")
            #expect(identity.contains("model "), "\(identity)")
        #endif
        for mechanism in Self.mechanisms {
            let line = lines.first { $0.hasPrefix("  \(mechanism) ") }
            #expect(line != nil, "no line for \(mechanism): \(result.standardOutput)")
        }
        #expect(
            lines.contains {
                $0.range(
                    of: #"^measured in \d+\.\d s \(mechanisms scenario\)$"#,
                    options: .regularExpression) != nil
            }, "\(result.standardOutput)")
        // Without counts of the mechanism variants here or in a counts file, no prices.
        #expect(lines.last?.hasPrefix("no prices by kind of call") == true, "\(lines.last ?? "")")
    }

    @Test("an operand is refused with a usage error")
    func refusesOperands() throws {
        let result = try SimBenchBinary.run(["host", "now"])
        #expect(result.status == 64, "stderr: \(result.standardError)")
        #expect(result.errorLines.count == 1, "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
