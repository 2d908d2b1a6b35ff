import SimBench
import Testing

@testable import SimBenchCommandLine

/// The one line bad usage prints: the flag, the value, what is accepted; and the harness's
/// refusals in the command line's words.
@Suite("usage errors")
struct UsageErrorTests {
    @Test("a value is quoted with its control characters escaped")
    func escapesControlCharacters() {
        #expect(
            UsageError.invalid("--x", "1\n2", expected: "y").description
                == "--x: '1\\n2' is not valid; expected y")
    }

    @Test("an output the harness refuses is named by the flag the command line gave it")
    func outputPathNamesTheFlag() throws {
        let error = #expect(throws: OutputPathError.self) {
            try OutputPath.check("/tmp", label: "--csv")
        }
        #expect(
            error.map(UsageError.init)?.description
                == "--csv: '/tmp' is a directory; expected a file path")
    }

    @Test("a plan's refusal names the setting by its flag")
    func planErrorNamesTheFlag() {
        let error = RunPlanError.outOfRange(setting: .machines, value: "0", accepted: "1 or more")
        #expect(error.description == "machines: '0' is not valid; expected 1 or more")
        #expect(UsageError(error).description == "--machines: '0' is not valid; expected 1 or more")
    }
}
