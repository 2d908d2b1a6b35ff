import Foundation
import SimBench

// The readers of results files as a tool of their own, for the long tests to count under
// Callgrind: `reader-probes READER FILE…` runs one reader over the files, as its command
// does, and writes its output nowhere. Synchronous, from `main`: Valgrind crashes on the
// command line's main loop (`dispatchMain`), which this tool never enters.
//
// Readers: read (each file), compare (two), export-github, export-bencher, export-influx,
// merge, spread, coverage (three or more), report, plot-history.

/// Writes what `body` writes to a text kept in memory, then drops it.
func discarding(_ body: (inout TextOutput) throws(FileError) -> Void) throws {
    var output = TextOutput()
    try body(&output)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let reader = arguments.first, arguments.count >= 2 else {
    print("usage: reader-probes READER FILE…")
    exit(64)
}
let paths = Array(arguments.dropFirst())
do {
    let runs: ResultsFile.Runs =
        ["export-influx", "report", "plot-history"].contains(reader) ? .several : .one
    let files = try paths.map { path throws(ResultsFileError) in
        try ResultsFile.read(path, runs: runs)
    }
    switch reader {
    case "read":
        break
    case "compare":
        let comparison = try ResultsComparison(baseline: files[0], current: files[1])
        try discarding { (text) throws(FileError) in
            // At the width the command fits a file or a pipe to.
            try comparison.write(.text, width: TextWrap.defaultWidth, into: &text)
        }
    case "export-github", "export-bencher", "export-influx":
        let format = BenchmarkExport.Format(rawValue: String(reader.dropFirst("export-".count)))!
        let export = try BenchmarkExport.Export(files[0], as: format)
        try discarding { (text) throws(FileError) in try export.write(into: &text) }
    case "merge":
        let merged = try ResultsMerge.check(files)
        try discarding { (text) throws(FileError) in try ResultsMerge.write(merged, into: &text) }
    case "spread":
        _ = RunSpread(files: files)
    case "coverage":
        _ = CoverageProof(files: files).report(label: "runs")
    case "report":
        // As `simbench report` makes it: the document's bytes.
        _ = HTMLReport.renderBytes(
            files.flatMap(\.records), scenarios: [], sources: paths)
    case "plot-history":
        _ = try? Charts.svg(.history, records: files.flatMap(\.records))
    default:
        print("reader-probes: unknown reader '\(reader)'")
        exit(64)
    }
} catch {
    print("reader-probes: \(error)")
    exit(1)
}
