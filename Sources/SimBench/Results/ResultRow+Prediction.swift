/// Each pattern's predicted cost in a counted run: what its counts add over its baseline's
/// (`CountedWork`), priced by the host's cost model (`CostModel`).
extension ResultRow {
    /// `group`, one configuration's rows, with every ok pattern row's `prediction` set where
    /// both it and its baseline were counted and the model prices all it adds.
    public static func predicting(_ group: [ResultRow], model: CostModel) -> [ResultRow] {
        guard
            let baseline = group.first(where: { $0.role == .baseline && $0.status == .ok })
                .flatMap(CountedWork.init(row:))
        else { return group }
        return group.map { row in
            guard row.role == .pattern, row.status == .ok, let work = CountedWork(row: row)
            else { return row }
            var predicted = row
            predicted.prediction = model.predictWhole(work.subtracting(baseline))
            return predicted
        }
    }
}
