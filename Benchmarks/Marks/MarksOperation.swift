import SimBenchCore

/// An operation a run performs on every page; each is a visitor in the `visitor` variant.
public enum MarksOperation: String, Sendable, CaseIterable {
    /// The article's `MarkRenderer`: path commands into a buffer.
    case render
    /// The bounding box of the ink.
    case bounds
    /// An affine transform of every mark's location, and back.
    case transform
    /// Counts per mark kind and the deepest nesting.
    case stats

    /// How many times the operation visits each mark: the transform goes there and back.
    public var passes: Int {
        self == .transform ? 2 : 1
    }

    /// The operations a value of the `op` parameter names, in its order, or nil if it is not
    /// a value `op` accepts.
    ///
    /// `all` stands for the four; a comma list names several, each once. The harness runs
    /// each item of a comma list as its own configuration, so a scenario normally sees one
    /// item; given a whole list, a run performs each operation in turn.
    public static func parseList(_ text: String) -> [MarksOperation]? {
        var operations = [MarksOperation]()
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let named: [MarksOperation]
            if item == "all" {
                named = allCases
            } else if let operation = MarksOperation(rawValue: String(item)) {
                named = [operation]
            } else {
                return nil
            }
            for operation in named {
                if operations.contains(operation) { return nil }
                operations.append(operation)
            }
        }
        return operations
    }

    /// The `op` parameter.
    static let parameter = ParameterSpec(
        name: "op",
        summary:
            "what each run does to every page (a comma list runs each as its own configuration)",
        defaultValue: allCases.map(\.rawValue).joined(separator: ","),
        accepted: "render, bounds, transform, stats or all, or a comma list of them, each once",
        isAxis: true,
        // Render against bounds compares nothing; each operation is measured on its own.
        comparesValues: false
    ) { parseList($0) != nil }
}
