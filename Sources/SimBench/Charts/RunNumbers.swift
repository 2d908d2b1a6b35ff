/// Each row's run, numbered from 1 in the order the rows first name the runs (a history
/// only grows at its end): the history chart's x axis.
///
/// A run's rows lie together, so a row repeating the run of the row before it is told so
/// from the bytes: a run's id is made text once per run, not once per row, and a row's
/// number is looked up by where it lies, not by its id hashed.
struct RunNumbers {
    /// The runs' ids, in order: run `n` is `ids[n - 1]`.
    let ids: [String]
    /// By table, each row's run number; 0 for a row not among the records.
    private let numbers: [ObjectIdentifier: [Int32]]

    init(_ records: [ResultsRecord]) {
        var ids = [String]()
        var byID = [String: Int32]()
        var numbers = [ObjectIdentifier: [Int32]]()
        var number: Int32 = 0
        // The numbers of the table of the rows at hand, kept out of the dictionary while its
        // rows follow one another (a file's rows do): no table looked up per row.
        var table: RowTable?
        var tableNumbers = [Int32]()
        records.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                ResultsRecord.prefetch(records, at: index)
                let record = rows[index]
                if record.table !== table {
                    if let table { numbers[ObjectIdentifier(table)] = tableNumbers }
                    table = record.table
                    tableNumbers =
                        numbers.removeValue(forKey: ObjectIdentifier(record.table))
                        ?? [Int32](repeating: 0, count: record.table.count)
                }
                if index == 0 || !record.hasSameCell(.runID, as: rows[index - 1]) {
                    let id = record[.runID]
                    if let known = byID[id] {
                        number = known
                    } else {
                        ids.append(id)
                        number = Int32(ids.count)
                        byID[id] = number
                    }
                }
                tableNumbers[record.row] = number
            }
        }
        if let table { numbers[ObjectIdentifier(table)] = tableNumbers }
        self.ids = ids
        self.numbers = numbers
    }

    /// The number of `record`'s run, which must be one of the records numbered.
    subscript(record: ResultsRecord) -> Double {
        let number = numbers[ObjectIdentifier(record.table)]![record.row]
        precondition(number > 0, "a row of no run numbered")
        return Double(number)
    }
}
