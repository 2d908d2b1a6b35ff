import Foundation
import SimBench

/// A file of run arguments (`run --suite FILE`, and `ab`'s default, `Benchmarks/ci.conf`):
/// whitespace separates words, `#` starts a comment that runs to the end of its line.
///
/// The one reader of such a file: the scripts pass `--suite FILE` and never parse it.
enum SuiteFile {
    /// The flag that reads one.
    static let flag = "--suite"

    /// The words of `text`, comments and blank lines dropped.
    static func words(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
            line.prefix { $0 != "#" }.split(whereSeparator: \.isWhitespace).map(String.init)
        }
    }

    /// The words of the file at `path`.
    ///
    /// - Throws: `UsageError` when it cannot be read, or names another suite file.
    static func read(_ path: String) throws(UsageError) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .invalid(flag, path, expected: "a readable file of run arguments")
        }
        let words = words(of: text)
        guard !words.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) else {
            throw UsageError(
                "\(flag): '\(path.escapingControlCharacters)' names another \(flag); a suite file holds run arguments only"
            )
        }
        return words
    }
}
