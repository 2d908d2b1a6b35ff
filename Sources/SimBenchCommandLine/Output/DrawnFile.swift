import SimBench

/// What `plot` and `report` share: results CSVs in, one drawn file out, written whole or not
/// at all.
enum DrawnFile {
    /// Checks the operands and `--out` before anything is read: at least one CSV, and an
    /// output path that is writable and is none of the inputs.
    static func checkedOutput(command: String, operands: [String], outputPath: String) throws
        -> OutputPath
    {
        guard !operands.isEmpty else {
            throw UsageError(
                "\(command): expected one or more results CSVs; see '\(Suite.toolName) \(command) --help'"
            )
        }
        let checked = try OutputPath.check(outputPath, label: "--out")
        try OutputPath.refuseCollisions([checked], inputs: operands.map { (command, $0) })
        return checked
    }

    /// Writes the UTF-8 `document` to `output` (named `path` on the command line), and says
    /// where unless it went to standard output.
    static func write(
        _ document: [UInt8], to output: OutputPath, path: String, saying what: String
    ) throws {
        OutputPath.reserveStandardOutput(if: [output])
        Interruption.expect([path])
        try output.write(bytes: document)
        Interruption.written(path)
        if output.kind != .standardOutput { print("\(what): \(path)") }
    }
}
