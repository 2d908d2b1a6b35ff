import Foundation

/// Named baselines: results CSVs kept under `results/baselines/NAME.csv`.
///
/// A baseline is an ordinary results file, byte for byte, so a person can read and diff
/// it, and its environment (host, CPU, Swift version, commit) travels in every row. The
/// directory is the one place under `results/` that git does not ignore: baselines meant
/// for CI are committed.
public enum BaselineStore {
    public static let directory = "results/baselines"

    /// Checks a baseline name: letters, digits, `.`, `_` and `-`, not starting with `.` or
    /// `-`, at most 100 characters, so that it is a plain file name everywhere.
    public static func validate(_ name: String) throws(ValueError) {
        let allowed = name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        guard !name.isEmpty, name.count <= 100, allowed, !name.hasPrefix("."), !name.hasPrefix("-")
        else {
            throw ValueError(value: name, accepted: nameRule)
        }
    }

    /// What a baseline name may be, for the refusal of one that is not.
    public static let nameRule =
        "a baseline name of letters, digits, '.', '_' and '-' (not first), such as ci or main-2026-11"

    /// `results/baselines/NAME.csv`.
    public static func path(of name: String) -> String {
        "\(directory)/\(name).csv"
    }

    /// The names of the saved baselines, sorted.
    public static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".csv") && !$0.hasPrefix(".") }.map {
            String($0.dropLast(4))
        }.sorted()
    }

    /// Checks, before a run, that baseline `name` can be saved once the run is done: the
    /// baselines directory is a directory the file can be written in, or it can be created
    /// (each missing directory of its path can be created in its existing parent).
    ///
    /// - Returns: the checked file when the directory exists (for refusing collisions),
    ///   nil when it is still to be created.
    public static func check(_ name: String, label: String) throws(OutputPathError) -> OutputPath? {
        var status = stat()
        if stat(directory, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw OutputPathError(
                    output: label,
                    reason:
                        "'\(directory)' is not a directory, so baseline '\(name)' cannot be saved as \(path(of: name)); move that file away"
                )
            }
            return try OutputPath.check(path(of: name), label: label, standardOutput: false)
        }
        // The nearest missing directory must be creatable in its existing parent.
        let (missing, parent) = OutputPath.firstMissing(of: directory)
        if stat(parent, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw OutputPathError(
                output: label,
                reason:
                    "'\(parent)' is not a directory, so baseline '\(name)' cannot be saved as \(path(of: name)); move that file away"
            )
        }
        do {
            _ = try OutputPath.check(missing, label: label, standardOutput: false)
        } catch {
            throw OutputPathError(
                output: error.output,
                reason: "\(error.reason) (creating \(directory)/ for baseline '\(name)')")
        }
        return nil
    }

    /// Writes `contents` as baseline `name`, atomically, creating the directory if needed.
    ///
    /// - Returns: the path written.
    @discardableResult
    public static func save(_ contents: String, as name: String) throws(FileError) -> String {
        try save(bytes: Array(contents.utf8), as: name)
    }

    /// Saves the UTF-8 `contents` as baseline `name`, as `save(_:as:)` saves text.
    public static func save(bytes contents: [UInt8], as name: String) throws(FileError) -> String {
        try contents.withUnsafeBufferPointer { (contents) throws(FileError) in
            try save(bytes: contents, as: name)
        }
    }

    /// Saves the results file `results`, every byte as read (`ResultsFile.read`'s
    /// `keepingBytes`), as baseline `name`, from where its bytes lie: no copy of a file of
    /// 100 MB.
    public static func save(_ results: ResultsFile, as name: String) throws(FileError) -> String {
        try results.withBytes { (contents) throws(FileError) in
            try save(bytes: contents, as: name)
        }
    }

    private static func save(bytes contents: UnsafeBufferPointer<UInt8>, as name: String)
        throws(FileError) -> String
    {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, reason: "cannot create the baselines directory")
        }
        let path = path(of: name)
        try OutputFile.writeAtomically(bytes: contents, to: path)
        return path
    }

    /// Where a `compare` argument points: the path itself if it exists, else the saved
    /// baseline of that name if there is one, else the path (whose reading then fails).
    public static func resolve(_ argument: String) -> String {
        guard !FileManager.default.fileExists(atPath: argument) else { return argument }
        let saved = path(of: argument)
        return FileManager.default.fileExists(atPath: saved) ? saved : argument
    }
}
