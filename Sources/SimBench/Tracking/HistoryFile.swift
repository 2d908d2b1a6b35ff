import Foundation
import Glibc

/// `--append PATH`: a history of runs in one CSV that only ever grows.
///
/// Every run adds its rows (each carries its run id, timestamp and git commit) at the end;
/// earlier rows are never rewritten. A new file is created whole, header and rows, through
/// a temporary file and a rename. An existing file is validated first (a history that is
/// already broken is refused, not extended), then the new rows are written at its end with
/// `O_APPEND` in one `write` of complete records, under an exclusive `flock` so that two
/// runs appending at once do not interleave, and flushed with `fsync`.
///
/// A file written by an older simbench has fewer columns: the rows are written in that
/// file's header order and the columns it lacks are left out (and named, so nobody is
/// surprised); the file's header is never changed. A file with a column this version does
/// not know (from a newer simbench) is refused.
public enum HistoryFile {
    /// What an append did.
    public struct Outcome: Sendable, Equatable {
        public var rowsAppended: Int
        public var createdFile: Bool
        /// Columns of this version the file's older header does not have.
        public var columnsLeftOut: [String]
    }

    /// Checks, before a run, that the rows can be appended to `path`: its directory exists
    /// and is writable, and if the file exists it is a valid results file.
    public static func check(_ path: String) throws -> Void {
        try OutputFile.checkWritable(path, flag: "--append")
        guard FileManager.default.fileExists(atPath: path), fileSize(path) > 0 else { return }
        _ = try ResultsFile.read(path, runs: .several)
    }

    /// Appends `rows` (cells in `columns` order) to the history at `path`.
    public static func append(
        rows: [[String]], columns: [String] = ResultRow.columns, to path: String
    ) throws -> Outcome {
        guard FileManager.default.fileExists(atPath: path), fileSize(path) > 0 else {
            try OutputFile.writeAtomically(OutputFile.document(header: columns, rows: rows), to: path)
            return Outcome(rowsAppended: rows.count, createdFile: true, columnsLeftOut: [])
        }
        let descriptor = open(path, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw FileError(path: path, reason: errnoText()) }
        // Read under the lock: the file as it is now, not as it was before the run.
        let history = try ResultsFile.read(path, runs: .several)
        let position = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        let reordered = rows.map { row in history.header.map { position[$0].map { row[$0] } ?? "" } }
        let leftOut = columns.filter { !history.header.contains($0) }
        try OutputFile.writeAll(reordered.map(OutputFile.record).joined(), to: descriptor, path: path)
        guard fsync(descriptor) == 0 else { throw FileError(path: path, reason: errnoText()) }
        return Outcome(rowsAppended: rows.count, createdFile: false, columnsLeftOut: leftOut)
    }

    private static func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
