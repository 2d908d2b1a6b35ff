import Foundation
import SimBench

/// `simbench render --out doodle.svg`: draws a page of the marks scenario, the way the
/// article's MarkRenderer does, as SVG.
struct RenderCommand {
    var options = RunOptions()
    var page = 0
    var outPath: String?

    init(parsing words: some Collection<String>) throws(UsageError) {
        var arguments = Arguments(words)
        while let flag = arguments.next() {
            switch flag {
            case "--out":
                outPath = try arguments.value(for: flag, expected: "a file path ending in .svg")
            case "--page":
                page = try arguments.integer(for: flag, in: 0...10_000_000)
            case "--events":
                options.eventsPerMachine = try arguments.integer(for: flag, in: 1...Int(Int32.max))
            case "--seed":
                options.seed = try arguments.seed(for: flag)
            case "--param":
                let text = try arguments.value(for: flag, expected: "key=value or marks.key=value")
                options.parameters.append(try ParameterAssignment(parsing: text))
            default:
                throw UsageError("render: unknown flag '\(flag)'; see 'simbench help render'")
            }
        }
        guard outPath != nil else {
            throw UsageError("render: missing --out PATH; expected the SVG file to write")
        }
    }

    func execute() throws -> ExitStatus {
        guard let outPath else { return .usage }
        let output = try OutputPath.check(outPath, flag: "--out")
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
