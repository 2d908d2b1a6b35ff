import Testing

@testable import SimBench

@Suite("one-line messages")
struct OneLineTests {
    @Test("messages quoting a value stay one line")
    func oneLine() {
        #expect("a\nb\r\tc\u{0}d\u{1B}".escapingControlCharacters == "a\\nb\\r\\tc\\0d\\u{1B}")
        #expect(
            RunPlanError.outOfRange(setting: .machines, value: "1\n2", accepted: "y").description
                == "machines: '1\\n2' is not valid; expected y")
        #expect("ordinary ± text".escapingControlCharacters == "ordinary ± text")
    }
}
