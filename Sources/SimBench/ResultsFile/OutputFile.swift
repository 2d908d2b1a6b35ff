import Foundation

/// Every file simbench writes (results and raw CSVs, SVG doodles, JSON exports): checked
/// writable before any work, written whole or not at all; and RFC 4180 CSV records.
public enum OutputFile {
    /// One record: fields joined by commas, quoted where they hold a comma, a quote, or a
    /// line break; quotes doubled. Records end with CRLF, as RFC 4180 says.
    public static func record(_ fields: [String]) -> String {
        fields.map(quote).joined(separator: ",") + "\r\n"
    }

    static func quote(_ field: String) -> String {
        // Looked for among the bytes: a file of 100,000 rows has millions of fields, and a
        // CR LF is one character, which a search for "\r" or "\n" alone would miss.
        guard field.utf8.contains(where: needsQuotes) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Whether a field holding `byte` is quoted: a comma, a quote or a line break.
    static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Appends the field of UTF-8 `bytes` to `document` as `record` writes it: quoted
    /// where it must be, quotes doubled. For rows copied as the bytes they were read from.
    static func appendField(_ bytes: UnsafeBufferPointer<UInt8>, to document: inout [UInt8]) {
        guard bytes.contains(where: needsQuotes) else {
            document.append(contentsOf: bytes)
            return
        }
        document.append(UInt8(ascii: "\""))
        for byte in bytes {
            document.append(byte)
            if byte == UInt8(ascii: "\"") { document.append(byte) }
        }
        document.append(UInt8(ascii: "\""))
    }

    /// The whole document: a header and the rows.
    public static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map(record).joined()
    }

    /// Writes `contents` to `path` under the rules of `OutputPath` (`-` is not standard
    /// output here): a regular file whole or not at all (`AtomicFile`), a character device
    /// or FIFO in place, a symlink's target; anything else fails.
    public static func writeAtomically(_ contents: String, to path: String) throws(FileError) {
        try writeAtomically(bytes: Array(contents.utf8), to: path)
    }

    /// Writes the UTF-8 `contents` to `path`, as `writeAtomically(_:to:)` writes text.
    public static func writeAtomically(bytes contents: [UInt8], to path: String)
        throws(FileError)
    {
        try contents.withUnsafeBufferPointer { (contents) throws(FileError) in
            try writeAtomically(bytes: contents, to: path)
        }
    }

    /// Writes the UTF-8 `contents`, held elsewhere, to `path`, as `writeAtomically(_:to:)`
    /// writes text.
    static func writeAtomically(bytes contents: UnsafeBufferPointer<UInt8>, to path: String)
        throws(FileError)
    {
        let output: OutputPath
        do {
            output = try OutputPath.check(path, label: "write", standardOutput: false)
        } catch {
            throw FileError(path: path, reason: error.description)
        }
        try output.write(bytes: contents)
    }

    /// Writes all of `contents` to the open `descriptor`, retrying short and interrupted
    /// writes; `path` only names the file in an error.
    static func writeAll(_ contents: String, to descriptor: Int32, path: String) throws(FileError) {
        try AtomicFile.writeAll(Array(contents.utf8), to: descriptor, path: path)
    }

    /// Checks, before any work, that `path` can be written (see `OutputPath.check`; `-`
    /// is not standard output here).
    public static func checkWritable(_ path: String, label: String) throws(OutputPathError) {
        _ = try OutputPath.check(path, label: label, standardOutput: false)
    }

}
