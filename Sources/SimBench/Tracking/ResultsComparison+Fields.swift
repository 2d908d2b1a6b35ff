import SimBenchCore

extension ResultsComparison {
    /// Where a file keeps each column a row's verdicts read (its time, its allocations and
    /// its counts), found once for the file:
    /// a comparison reads a dozen cells of each of its rows, each at its field, not through
    /// its column looked up cell by cell (`ColumnPositions.position(of:)`).
    struct VerdictFields: Sendable {
        /// A metric's fields: its median, the median's CI, the ratio and the ratio's CI, as
        /// `TimeMetric.columns` names them; nil where the file lacks the column.
        struct Metric: Sendable {
            let median, low, high, ratio, ratioLow, ratioHigh: Int?

            init(_ metric: TimeMetric, _ positions: ColumnPositions) {
                let columns = metric.columns
                median = positions.position(of: columns.median)
                low = positions.position(of: columns.low)
                high = positions.position(of: columns.high)
                ratio = positions.position(of: columns.ratio)
                ratioLow = positions.position(of: columns.ratioLow)
                ratioHigh = positions.position(of: columns.ratioHigh)
            }
        }

        let cpu: Metric
        let wall: Metric
        /// CPU time over the machine-speed reference, and its CI.
        let perReference, perReferenceLow, perReferenceHigh: Int?
        let allocations, instructions, cycles: Int?

        init(_ positions: ColumnPositions) {
            cpu = Metric(.cpu, positions)
            wall = Metric(.wall, positions)
            perReference = positions.position(of: .cpuPerReference)
            perReferenceLow = positions.position(of: .cpuPerReferenceCILow)
            perReferenceHigh = positions.position(of: .cpuPerReferenceCIHigh)
            allocations = positions.position(of: .allocationsPerEvent)
            instructions = positions.position(of: .instructionsPerEvent)
            cycles = positions.position(of: .estimatedCyclesPerEvent)
        }

        /// The fields of `old`'s file and `new`'s, found once where the two rows are of one
        /// file (a history's runs, one after another).
        static func of(_ old: ResultsRecord, _ new: ResultsRecord) -> (Self, Self) {
            let fields = Self(new.columns)
            return (old.columns === new.columns ? fields : Self(old.columns), fields)
        }

        func metric(_ metric: TimeMetric) -> Metric {
            switch metric {
            case .cpu: cpu
            case .wall: wall
            }
        }
    }
}

extension ResultsRecord {
    /// `number(_:)` of the column at `field` (nil for a column the file lacks).
    func number(at field: Int?) -> Double? {
        table.number(row: row, field: field)
    }
}
