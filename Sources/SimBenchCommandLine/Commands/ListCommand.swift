import SimBench

/// `simbench list`: every scenario, what one event is, its variants and parameters.
struct ListCommand: Command {
    static let name = "list"
    static let abstract = "scenarios, their variants, events and parameters"
    static var flags: [Option<ListCommand>] { [] }
    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "listed"),
        (.failure, "standard output could not be written"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        if let word = operands.first {
            throw UsageError(
                "list: unknown argument '\(word)'; '\(Suite.toolName) list' takes none")
        }
    }

    func execute() throws -> ExitStatus {
        var lines = [String]()
        for entry in Suite.catalog.entries {
            let descriptor = entry.descriptor
            let suite = descriptor.inDefaultSuite ? "" : " (not in the default suite)"
            lines.append("\(descriptor.name) — \(descriptor.title)\(suite)")
            if let article = descriptor.seedArticle {
                lines.append("  modelled on: \"\(article)\"")
            }
            lines.append("  entity: \(descriptor.entityUnit) · one event: \(descriptor.eventUnit)")
            lines.append(
                "  default events per \(descriptor.entityUnit): \(NumberFormat.grouped(descriptor.defaultEventsPerEntity))"
            )
            if let note = entry.measurementNote { lines.append("  \(note)") }
            var table = TextTable(header: ["variant", "role", "what it is"])
            table.leftAligned = [0, 1, 2]
            for variant in entry.variants {
                table.rows.append([variant.name, variant.role.rawValue, variant.summary])
            }
            lines.append(table.render(indent: "    "))
            if !descriptor.parameters.isEmpty {
                lines.append("  parameters (--param \(descriptor.name).KEY=VALUE):")
                for spec in descriptor.parameters {
                    let axis = spec.isAxis ? "; a comma list runs each value" : ""
                    lines.append(
                        "    \(spec.name)=\(spec.defaultValue)  \(spec.summary); accepts \(spec.accepted)\(axis)"
                    )
                }
            }
            lines.append("")
        }
        try StandardOutput.write(lines.joined(separator: "\n"))
        return .success
    }
}
