import Foundation
import Glibc

/// Every file simbench writes (results and raw CSVs, SVG doodles, JSON exports): checked
/// writable before any work, written whole or not at all; and RFC 4180 CSV records.
public enum OutputFile {
    /// One record: fields joined by commas, quoted where they hold a comma, a quote, or a
    /// line break; quotes doubled. Records end with CRLF, as RFC 4180 says.
    public static func record(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        let needsQuotes = field.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The whole document: a header and the rows.
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(record).joined()
    }

    /// Writes `contents` to `path` whole or not at all.
    ///
    /// The text goes to a temporary file in the same directory, is flushed to disk, and is
    /// renamed over `path`: a reader sees the old file or the new one, never half of one, and
    /// a run that fails or is interrupted leaves whatever was there before.
    public static func writeAtomically(_ contents: String, to path: String) throws(FileError) {
        let directory = (path as NSString).deletingLastPathComponent
        let base = (path as NSString).lastPathComponent
        let template = (directory.isEmpty ? "." : directory) + "/.\(base).XXXXXX"
        var templateBytes = Array(template.utf8CString)
        let descriptor = mkstemp(&templateBytes)
        guard descriptor >= 0 else { throw FileError(path: path, reason: errnoText()) }
        let temporary = String(
            decoding: templateBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            try writeAll(contents, to: descriptor, path: path)
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        // Files are readable like any other the user creates (mkstemp makes them 0600).
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = errnoText()
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
    }

    /// Writes all of `contents` to the open `descriptor`, retrying short and interrupted
    /// writes; `path` only names the file in an error.
    static func writeAll(_ contents: String, to descriptor: Int32, path: String) throws(FileError) {
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: errnoText())
            }
            written += result
        }
    }

    /// Checks, before any work, that `path` can be written: its directory exists and is
    /// writable, and it is not a directory itself.
    public static func checkWritable(_ path: String, flag: String) throws(UsageError) {
        let directory = (path as NSString).deletingLastPathComponent
        let parent = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw UsageError("\(flag): directory '\(parent)' of '\(path)' does not exist")
        }
        guard access(parent, W_OK) == 0 else {
            throw UsageError("\(flag): directory '\(parent)' of '\(path)' is not writable")
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        {
            throw UsageError("\(flag): '\(path)' is a directory; expected a file path")
        }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
