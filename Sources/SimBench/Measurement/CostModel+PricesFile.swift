/// A host's prices read from a results file of its mechanism scenario, counted and timed,
/// for a run that predicts its patterns' costs (the command line says which commands write
/// and read one).
extension CostModel {
    /// Why a prices file cannot price this host's run: one line each, without the remedy (the
    /// command line adds the command that writes a good one).
    public enum PricesFileError: Error, CustomStringConvertible, Equatable {
        /// Its mechanism rows were measured on another processor, or on one not named.
        case otherCPU(path: String, file: String, here: String)
        /// It has no ok row of the mechanism scenario.
        case noMechanisms(path: String, scenario: String)
        /// Its mechanism rows lack the counts or the ns added that prices are solved from.
        case notCountedAndTimed(path: String, scenario: String)

        public var description: String {
            switch self {
            case .otherCPU(let path, let file, let here):
                "'\(path)' holds another CPU's prices (\(file)); this host is \(here)"
            case .noMechanisms(let path, let scenario):
                "'\(path)' has no row of the \(scenario) scenario"
            case .notCountedAndTimed(let path, let scenario):
                "'\(path)': its \(scenario) rows are not both counted (calls_*_per_event) and timed (overhead_ns_per_event)"
            }
        }
    }

    /// The model of the mechanism rows of `scenario` in `file`, which must have been
    /// measured on this processor: the same `cpu` name and the same identity
    /// (`HostIdentity`), every row; a file without the identity (from before it was
    /// recorded) names no processor and is refused too.
    public static func host(
        pricesFile file: ResultsFile, scenario: String, cpu: String, identity: HostIdentity
    ) throws(PricesFileError) -> CostModel {
        let rows = file.records.filter { $0[.scenario] == scenario && $0.isOK }
        guard !rows.isEmpty else {
            throw .noMechanisms(path: file.path, scenario: scenario)
        }
        if let other = rows.first(where: {
            $0[.cpu] != cpu || !$0.hostIdentity.isKnown || $0.hostIdentity != identity
        }) {
            throw .otherCPU(
                path: file.path, file: describe(cpu: other[.cpu], other.hostIdentity),
                here: describe(cpu: cpu, identity))
        }
        guard let model = model(scenario: scenario, timed: rows, counted: rows) else {
            throw .notCountedAndTimed(path: file.path, scenario: scenario)
        }
        return model
    }

    /// `AMD EPYC (vendor AuthenticAMD, family 25, …, microcode 0xa0011d1)`, or
    /// `… (identity unknown)`: every field, since any may be the one that differs.
    static func describe(cpu: String, _ identity: HostIdentity) -> String {
        let name = cpu.isEmpty ? "an unnamed CPU" : cpu
        let fields = identity.fields.map { "\($0.name) \($0.value)" }.joined(separator: ", ")
        return "\(name) (\(identity.isKnown ? fields : "identity unknown"))"
    }
}
