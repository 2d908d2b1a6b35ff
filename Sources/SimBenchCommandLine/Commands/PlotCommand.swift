import Foundation
import SimBench

/// `simbench plot FILE.csv… --chart KIND --out FILE.svg`: one chart of results files, as a
/// standalone SVG.
struct PlotCommand: Command {
    var files = [String]()
    var chart: ChartKind?
    var outputPath = ""
    var output: OutputPath?

    static let name = "plot"
    static let abstract = "draw results CSVs as an SVG chart: ratios, sweep, scaling, …"
    static let operands = [
        Operand(
            name: "FILE.csv…",
            help: "results CSVs (several runs' files together, or a history file)",
            completion: .file)
    ]

    static var flags: [Option<PlotCommand>] {
        [
            .choice(
                "--chart", value: "KIND", help: "what to draw (see CHARTS)", default: nil,
                required: true
            ) { $0.chart = $1 },
            .path(
                "--out", value: "FILE.svg", help: "the SVG file to write ('-': standard output)",
                required: true
            ) {
                $0.outputPath = $1
            },
        ]
    }

    static var discussion: String {
        let width = ChartKind.allCases.map(\.rawValue.count).max() ?? 0
        let kinds = ChartKind.allCases.map {
            "  \($0.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)) \($0.summary.flagged)"
        }
        return """
            CHARTS
            \(kinds.joined(separator: "\n"))
              Rows of every FILE are drawn together: pass one CSV per --machines value of a
              sweep, or a history file. Axes say their units; log axes say so. The same
              files give the same SVG, byte for byte. The file is written whole or not at
              all.
            """
    }

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "written"),
        (
            .failure,
            "a FILE is not a valid results file, holds no result row, or nothing KIND can draw"
        ),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        output = try DrawnFile.checkedOutput(
            command: "plot", operands: operands, outputPath: outputPath)
        files = operands
    }

    func execute() throws -> ExitStatus {
        guard let chart, let output else { return .usage }
        let records = try Self.records(of: files, toDo: "plot")
        guard let svg = try Charts.svg(chart, records: records) else {
            throw ResultsFileError(
                path: files.joined(separator: ", "), line: nil, column: nil,
                message:
                    "nothing to draw as --chart \(chart.rawValue): \(Charts.nothingToDraw(chart).flagged)"
            )
        }
        try DrawnFile.write(
            Array(svg.utf8), to: output, path: outputPath, saying: "\(chart.rawValue) chart")
        return .success
    }

    /// Every row of `files`, in the order given; each file may hold several runs (a
    /// history), but a run names each configuration once. A file with no row is refused
    /// (`requireRows`), saying that there is nothing to do `action`.
    static func records(of files: [String], toDo action: String) throws -> [ResultsRecord] {
        var records = [ResultsRecord]()
        for file in files {
            let results = try ResultsFile.read(file, runs: .several)
            try results.requireRows(toDo: action)
            records.append(contentsOf: results.records)
        }
        return records
    }
}
