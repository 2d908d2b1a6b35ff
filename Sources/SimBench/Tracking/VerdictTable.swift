/// A comparison's verdicts, each kept as the row it judges, its figures and its note's
/// bytes: a `MetricComparison` is made of them only when one is asked for.
///
/// A comparison of a million rows holds a million verdicts until they are sorted and
/// printed. Held as `MetricComparison`s, each would keep its identity's four strings and its
/// note's, several hundred bytes a row. Here a verdict's identity is its row's (a row of
/// `rows`, read from the file's bytes where printed), the notes' text sits in a few large
/// buffers, and what only `simbench ab` or a `functions` column gives (`PairedTest`, `FunctionDiff`)
/// is kept aside for the few verdicts that have it.
struct VerdictTable: RandomAccessCollection, Sendable {
    /// The rows the verdicts judge: a verdict's identity is its row's.
    let rows: RowTable
    private var entries = [Entry]()
    /// The verdicts' notes, one after another, in buffers of `noteRoom` bytes (or one
    /// note's, for a longer note): a buffer is never moved to grow, so no note is copied and
    /// a million rows' notes are never held twice.
    private var notes = [[UInt8]]()
    private static let noteRoom = 1 << 20
    /// What a few verdicts hold beyond their figures, by `Entry.extra`.
    private var extras = [Extra]()

    private struct Entry: Sendable {
        var row: Int
        /// The note: in `notes[noteBuffer]`, from `noteStart`, `noteCount` bytes.
        var noteBuffer: Int32
        var noteStart: Int32
        var noteCount: Int32
        /// Where in `extras`, or -1.
        var extra: Int32
        var metric: MetricComparison.Metric
        var verdict: MetricComparison.Verdict
        var isBaselineVariant: Bool
        var figures: MetricComparison.Figures
    }

    private struct Extra: Sendable {
        var pairedTest: PairedTest?
        var functions: FunctionDiff?
    }

    init(rows: RowTable) {
        self.rows = rows
    }

    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
    }

    /// What a verdict made to be kept here may name as its identity, none made for it: the
    /// table keeps the row, and names the verdict by the row's identity.
    static let rowsIdentity = ResultIdentity(scenario: "", parameters: "", sweep: "", variant: "")

    /// Keeps `comparison`, the verdict on `record`, a row of `rows` whose identity is the
    /// comparison's (or `rowsIdentity`).
    mutating func append(_ comparison: MetricComparison, of record: ResultsRecord) {
        precondition(record.table === rows, "a verdict kept with a row of another file")
        assert(
            comparison.identity == Self.rowsIdentity || comparison.identity == record.identity,
            "a verdict kept with another row")
        var extra: Int32 = -1
        if comparison.pairedTest != nil || comparison.functions != nil {
            extra = Int32(extras.count)
            extras.append(
                Extra(pairedTest: comparison.pairedTest, functions: comparison.functions))
        }
        let note = comparison.noteBytes
        if notes.isEmpty || notes[notes.count - 1].count + note.count > Self.noteRoom {
            notes.append([])
            notes[notes.count - 1].reserveCapacity(Swift.max(Self.noteRoom, note.count))
        }
        let noteStart = notes[notes.count - 1].count
        notes[notes.count - 1] += note
        entries.append(
            Entry(
                row: record.row, noteBuffer: Int32(notes.count - 1), noteStart: Int32(noteStart),
                noteCount: Int32(note.count), extra: extra, metric: comparison.metric,
                verdict: comparison.verdict,
                isBaselineVariant: comparison.isBaselineVariant, figures: comparison.figures))
    }

    var startIndex: Int { 0 }
    var endIndex: Int { entries.count }

    /// The verdict at `index`, made whole: its identity and note as text.
    subscript(index: Int) -> MetricComparison {
        let entry = entries[index]
        let extra = entry.extra < 0 ? nil : extras[Int(entry.extra)]
        return MetricComparison(
            identity: record(at: index).identity, isBaselineVariant: entry.isBaselineVariant,
            metric: entry.metric, figures: entry.figures, verdict: entry.verdict,
            note: withNote(at: index) { String(decoding: $0, as: UTF8.self) },
            pairedTest: extra?.pairedTest, functions: extra?.functions)
    }

    func verdict(at index: Int) -> MetricComparison.Verdict { entries[index].verdict }
    func metric(at index: Int) -> MetricComparison.Metric { entries[index].metric }
    func figures(at index: Int) -> MetricComparison.Figures { entries[index].figures }
    func isBaselineVariant(at index: Int) -> Bool { entries[index].isBaselineVariant }

    /// Which of `rows` the verdict at `index` judges.
    func row(at index: Int) -> Int { entries[index].row }

    /// The row the verdict at `index` judges.
    func record(at index: Int) -> ResultsRecord {
        ResultsRecord(table: rows, row: entries[index].row)
    }

    /// Whether the verdict at `index` holds what only some do (functions, a paired test):
    /// what the report prints of those needs the verdict made whole.
    func hasExtra(at index: Int) -> Bool { entries[index].extra >= 0 }

    /// `body` over the bytes of the note of the verdict at `index`.
    func withNote<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        let entry = entries[index]
        let start = Int(entry.noteStart)
        return notes[Int(entry.noteBuffer)].withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[start..<(start + Int(entry.noteCount))]))
        }
    }

    /// How many verdicts are `verdict`.
    func count(_ verdict: MetricComparison.Verdict) -> Int {
        var count = 0
        for entry in entries where entry.verdict == verdict { count += 1 }
        return count
    }

    /// Sorts the verdicts by verdict (`MetricComparison.Verdict`'s order), each verdict's in
    /// the order they were kept.
    mutating func sortByVerdict() {
        // A counting sort: each verdict's place, then each moved there in place by
        // following the cycles of the permutation, with no second table.
        var starts = [Int](
            repeating: 0, count: (MetricComparison.Verdict.allCases.map(\.rawValue).max() ?? 0) + 2)
        for entry in entries { starts[entry.verdict.rawValue + 1] += 1 }
        for verdict in 1..<starts.count { starts[verdict] += starts[verdict - 1] }
        var places = [Int](repeating: 0, count: entries.count)
        for index in entries.indices {
            places[index] = starts[entries[index].verdict.rawValue]
            starts[entries[index].verdict.rawValue] += 1
        }
        for index in entries.indices {
            while places[index] != index {
                let place = places[index]
                entries.swapAt(index, place)
                places.swapAt(index, place)
            }
        }
    }
}
