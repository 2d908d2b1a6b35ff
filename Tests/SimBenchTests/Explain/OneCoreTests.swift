import Foundation
import Testing

@testable import SimBench

@Suite("explain: children kept on one core")
struct OneCoreTests {
    /// The cores a child of this process may run on, as the kernel lists them
    /// (`Cpus_allowed_list: 0-1`).
    static func childCores() throws -> String {
        let ended = try ChildProcess.run(
            "/bin/cat", arguments: ["/proc/self/status"], environment: [:])
        let status = String(decoding: ended.standardOutput, as: UTF8.self)
        let line = try #require(
            status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") })
        return line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)
    }

    @Test(
        "a child started inside keeps to one core; after, children have every core again",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "Linux's /proc"),
        .enabled(if: Platform.isLinux, "sched_setaffinity: the portable build refuses the mode")
    )
    func childInheritsOneCore() throws {
        let before = try Self.childCores()
        let inside = try OneCore.keeping { try Self.childCores() }
        #expect(Int(inside) != nil, "one core, not a list: \(inside)")
        #expect(try Self.childCores() == before)
    }
}
