import Foundation
import SimBench
import SimBenchCommandLine

/// `simbench render --out doodle.svg`: draws a page of the marks scenario, the way the
/// article's MarkRenderer does, as SVG.
struct RenderCommand: Command {
    var options = RunOptions()
    var page = 0
    var outPath: String?

    static let name = "render"
    static let abstract = "draw a page of the marks scenario's doodles as SVG"
    /// Pages beyond this are refused: each page before it is built too.
    static let pageLimit = CountLimit(0...10_000_000)

    static var flags: [Option<RenderCommand>] {
        [
            .path("--out", value: "FILE.svg", help: "the SVG file to write", required: true) {
                $0.outPath = $1
            },
            .count(
                "--page", value: "K", help: "the page to draw", default: "\(RenderCommand().page)",
                limit: pageLimit
            ) {
                $0.page = $1
            },
            .count(
                "--events", help: "marks per page", default: "the scenario's own",
                limit: RunOptions.Limits.events
            ) { $0.options.eventsPerMachine = [$1] },
            .seed { $0.options.seed = $1 },
            .parameter(help: "a shape parameter of marks (stroke, nesting, nest, dots)") {
                $0.options.parameters.append($1)
            },
        ]
    }

    static let discussion = """
        Draws page K of the doodles `simbench run --scenario marks` traverses with the same
        --seed, --events (marks per page) and shape parameters: strokes as paths through
        their vertices, dots as small filled ellipses, as the article's MarkRenderer draws
        them. The file is written whole or not at all.
        """

    static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
        (.success, "success"),
        (.failure, "the file could not be written"),
    ]

    init() {}

    mutating func finish(operands: [String]) throws {
        try Self.refuseOperands(operands)
    }

    func execute() throws -> ExitStatus {
        guard let outPath else { return .usage }
        let output = try OutputPath.check(outPath, label: "--out")
        let svg = try DoodleDrawing.svg(
            options: options, page: page, physicalMemory: ProcessInfo.processInfo.physicalMemory)
        OutputPath.reserveStandardOutput(if: [output])
        Interruption.expect([outPath])
        try output.write(svg)
        Interruption.written(outPath)
        print("doodle: page \(page) of seed \(options.seed) drawn to \(outPath)")
        return .success
    }
}
