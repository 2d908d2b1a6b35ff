import Testing

@testable import SimBench

@Suite("interruption notice")
struct InterruptionTests {
    /// The line SIGINT and SIGTERM print says what became of each output.
    @Test("the interruption notice groups the outputs by what became of them, in a fixed order")
    func interruptionNotice() {
        typealias Fate = Interruption.Fate
        #expect(Interruption.notice(for: []) == "no output was pending")
        #expect(
            Interruption.notice(for: [
                ("r.csv", .notWritten), ("raw.csv", .notWritten), ("h.csv", .notWritten),
            ])
                == "not written: r.csv, raw.csv, h.csv")
        #expect(
            Interruption.notice(for: [
                ("h.csv", .appended), ("-", .notWritten), ("r.csv", .written),
            ])
                == "written: r.csv; rows appended to: h.csv; not written: standard output")
        #expect(
            Interruption.notice(for: [("h.csv", .undone), ("r.csv", .written)])
                == "written: r.csv; append undone, the file as it was: h.csv")
        #expect(
            Interruption.notice(for: [("h.csv", .cutShort)])
                == "append cut short, mend with 'simbench repair-history': h.csv")
    }
}
