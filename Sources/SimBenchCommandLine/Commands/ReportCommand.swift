import SimBench

/// `simbench report FILE.csv… --out report.html`: every chart and table of results files in
/// one self-contained HTML page.
struct ReportCommand: Command {
    var files = [String]()
    var outputPath = ""
    var output: OutputPath?

    static let name = "report"
    static let abstract = "results CSVs as one self-contained HTML page of charts and tables"
    static let operands = [
        Operand(
            name: "FILE.csv…",
            help: "results CSVs (several runs' files together, or a history file)",
            completion: .file)
    ]

    static var flags: [Option<ReportCommand>] {
        [
            .path(
                "--out", value: "FILE.html", help: "the HTML file to write ('-': standard output)",
                required: true
            ) {
                $0.outputPath = $1
            }
        ]
    }

    static let discussion = """
        Per scenario: its title and what one event is, the one-line answers (what each
        pattern adds per event and per entity, and its break-even), the ratio chart, the
        sweep and scaling charts when the files hold several sizes or actor counts,
        allocations per event, the history charts when a configuration was measured in
        several runs, and a table of every row (click a heading to sort). The environment
        the runs measured on is given once, at the end. Everything is inline (SVG, CSS and a
        few lines of script): the page needs no network, opens from disk and prints one
        scenario per page. The file is written whole or not at all.
        """

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "written"),
        (.failure, "a FILE is not a valid results file, or holds no result row"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        output = try DrawnFile.checkedOutput(
            command: "report", operands: operands, outputPath: outputPath)
        files = operands
    }

    func execute() throws -> ExitStatus {
        guard let output else { return .usage }
        let records = try PlotCommand.records(of: files, toDo: "report")
        let scenarios = Suite.catalog.entries.map {
            HTMLReport.Scenario(
                name: $0.name, title: $0.descriptor.title, event: $0.descriptor.eventUnit,
                entity: $0.descriptor.entityUnit)
        }
        let html = HTMLReport.renderBytes(
            records, scenarios: scenarios, sources: files, settingName: { $0.flag })
        try DrawnFile.write(html, to: output, path: outputPath, saying: "report")
        return .success
    }
}
