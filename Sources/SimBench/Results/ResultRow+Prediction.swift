/// Each pattern's predicted cost in a counted run: what its counts add over its baseline's
/// (`CountedWork`), priced by the host's cost model (`CostModel`).
extension ResultRow {
    /// `groups`, each one configuration's rows, with every ok pattern row's `prediction` set
    /// where both it and its baseline were counted and the model prices all it adds. A
    /// row's second-level misses are judged by what a round of its measured group holds:
    /// the ok rows of every configuration of its scenario and sweep point
    /// (`CountedWork.roundBytes(_:group:entityBytes:machines:)`).
    public static func predicting(_ groups: [[ResultRow]], model: CostModel) -> [[ResultRow]] {
        struct Round: Hashable {
            var scenario: String
            var sweep: String
        }
        let round = { (row: ResultRow) in Round(scenario: row.scenario, sweep: row.sweep) }
        let roundBytes = CountedWork.roundBytes(
            groups.joined().filter { $0.status == .ok }, group: round,
            entityBytes: \.bytesPerEntity, machines: { Double($0.machines) })
        func work(_ row: ResultRow) -> CountedWork? {
            CountedWork(row: row, roundBytes: roundBytes[round(row)])
        }
        return groups.map { group in
            guard
                let baseline = group.first(where: { $0.role == .baseline && $0.status == .ok })
                    .flatMap(work)
            else { return group }
            return group.map { row in
                guard row.role == .pattern, row.status == .ok, let work = work(row)
                else { return row }
                var predicted = row
                predicted.prediction = model.predictWhole(work.subtracting(baseline))
                return predicted
            }
        }
    }
}
