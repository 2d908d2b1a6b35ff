/// The steps of `HistoryFile.repairedLength`, each refusing, with `damage` and why, what no
/// interrupted append leaves.
struct HistoryRepair {
    let bytes: [UInt8]
    let path: String
    /// What reading the history found wrong.
    let damage: ResultsFileError
    /// The length of a UTF-8 byte-order mark at the start: 3 or 0.
    let bom: Int

    init(bytes: [UInt8], path: String, damage: ResultsFileError) {
        self.bytes = bytes
        self.path = path
        self.damage = damage
        bom = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The record a write cut short, after the whole records: its run where its `run_id`
    /// field is complete, else what of that field was written (empty when the cut came
    /// before it).
    struct CutRecord {
        var run: String?
        var runPrefix = ""
    }

    func refuse(_ why: String) -> ResultsFileError {
        ResultsFileError(
            path: path, line: damage.line, column: damage.column,
            message: "\(damage.message); not repaired: \(why)")
    }

    /// Where the whole records end; after that, a record cut short, or nothing. Refuses
    /// a malformed record and a header cut short.
    func endOfWholeRecords() throws(ResultsFileError) -> Int {
        var cut = bytes.count
        do {
            _ = try CSVReader.records(in: Array(bytes[bom...]))
        } catch {
            guard error.atEnd else {
                throw refuse("a complete record is malformed, which no cut-short write leaves")
            }
            cut = bom + error.recordStart
        }
        guard cut > bom else {
            throw refuse(
                "the header itself is incomplete; remove the file to start a new history")
        }
        return cut
    }

    /// The history's whole records, up to `cut`, read without checking its runs; refused
    /// when they do not read.
    func history(upTo cut: Int) throws(ResultsFileError) -> ResultsFile {
        do {
            return try ResultsFile(
                path: path, bytes: Array(bytes[..<cut]), runs: .several, checkingRuns: false)
        } catch {
            throw refuse(
                cut == bytes.count
                    ? "a complete record is malformed, which no cut-short write leaves"
                    : "the damage is not only in the record cut short (\(error.description))")
        }
    }

    /// The index of the `run_id` column and the history's runs; refused when there is no
    /// such column, or when a run other than the last is broken.
    func runs(
        of history: ResultsFile
    ) throws(ResultsFileError) -> (runIndex: Int, runs: [ResultsFile.RunCount]) {
        guard let runIndex = history.header.firstIndex(of: ResultColumn.runID.name) else {
            throw refuse(
                "the header has no \(ResultColumn.runID.name) column, so the runs cannot be "
                    + "told apart")
        }
        let runs = history.runsByCount()
        if let broken = runs.dropLast().first(where: { !$0.isWhole }) {
            throw refuse(
                "\(broken.problem), and only the last run can have been cut short by an append")
        }
        return (runIndex, runs)
    }

    /// The record cut short from `cut` on, nil when there is none; refused when it has
    /// more fields than the header.
    func cutRecord(
        from cut: Int, header: [String], runIndex: Int
    ) throws(ResultsFileError) -> CutRecord? {
        let tail = bytes[cut...]
        guard !tail.isEmpty else { return nil }
        let fields = CSVReader.fieldsOfCutRecord(tail)
        guard fields.count <= header.count else {
            throw refuse(
                "the last record has more fields than the header, which no cut-short write "
                    + "leaves")
        }
        var record = CutRecord()
        if fields.count > runIndex + 1 {
            record.run = fields[runIndex]
        } else if fields.count == runIndex + 1 {
            record.runPrefix = fields[runIndex]
        }
        return record
    }

    /// Whether the last run's rows are all there; nil when its rows do not say. Refused
    /// when its rows disagree, or say what is not a count, or fewer rows than it has.
    func isWhole(_ last: ResultsFile.RunCount) throws(ResultsFileError) -> Bool? {
        guard last.disagreement == nil, last.declared.map({ Int($0) != nil }) ?? true else {
            throw refuse(last.problem)
        }
        guard let declared = last.declared.flatMap({ Int($0) }) else { return nil }
        guard last.rows <= declared else { throw refuse(last.problem) }
        return last.rows == declared
    }

    /// Whether the last run is dropped with the record cut short (if any). Refused when
    /// the damage is not a run cut short, or when which run the record belongs to cannot
    /// be told.
    func dropsRun(
        _ last: ResultsFile.RunCount, isWhole lastIsWhole: Bool?, cutRecord: CutRecord?
    ) throws(ResultsFileError) -> Bool {
        guard let cutRecord else {
            guard lastIsWhole == false else { throw refuse("the damage is not a run cut short") }
            return true
        }
        if let tailRun = cutRecord.run {
            guard tailRun == last.id else {
                // The record cut short starts a new run; the run before it may be cut too.
                return lastIsWhole == false
            }
            guard lastIsWhole != true else {
                throw refuse(
                    "the record cut short is one more row of run '\(last.id)', whose "
                        + "\(last.rows) rows are all there")
            }
            return true
        }
        if let lastIsWhole { return !lastIsWhole }
        guard last.id.hasPrefix(cutRecord.runPrefix) else { return false }
        throw refuse(
            "the record is cut inside its \(ResultColumn.runID.name), so whether it starts a "
                + "new run or ends run '\(last.id)' cannot be told: the header has no "
                + "\(ResultColumn.runRows.name) column (an older simbench wrote it); remove "
                + "the last line, and the lines of run '\(last.id)' if it is incomplete")
    }

    /// The byte offset at which `last`'s first row starts; refused when its rows are not
    /// together at the end of the file.
    func start(
        of last: ResultsFile.RunCount, in history: ResultsFile, cut: Int
    ) throws(ResultsFileError) -> Int {
        guard last.lastIndex == history.records.count - 1,
            last.lastIndex - last.firstIndex + 1 == last.rows
        else {
            throw refuse(
                "the rows of run '\(last.id)', cut short, are not together at the end of the "
                    + "file")
        }
        // The records up to `cut` parse; the first is the header, then one per row.
        let records = (try? CSVReader.records(in: Array(bytes[bom..<cut]))) ?? []
        guard records.count > last.firstIndex + 1 else {
            throw refuse("the file changed while it was read")
        }
        return bom + records[last.firstIndex + 1].start
    }
}
