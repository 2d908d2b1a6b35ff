import Foundation
import SimBench

/// Where messages for people go.
enum Terminal {
    /// One line on stderr, the tool's name first (`mybench: `).
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("\(Suite.toolName): \(message)\n".utf8))
    }

    static func warning(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The width reports fit when neither the terminal nor `COLUMNS` says (a file, a pipe).
    static let defaultWidth = TextWrap.defaultWidth

    /// The width reports fit: the terminal's own when standard output is one (its window
    /// size, `TIOCGWINSZ`: shells set it and do not export `COLUMNS`), else `COLUMNS` when it
    /// is a sensible number, else `defaultWidth`.
    static var width: Int {
        if isatty(STDOUT_FILENO) == 1,
            let terminal = ProgressDisplay.terminalColumns(STDOUT_FILENO), terminal >= 20
        {
            return terminal
        }
        guard let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text),
            columns >= 20
        else { return defaultWidth }
        return columns
    }

    /// The width the run's summary fits: the terminal's (`width`) when standard output is
    /// one; unbounded for a file or a pipe, which has no width, so that a log keeps every
    /// column, the mechanism (why a pattern costs what it does) included.
    static var summaryWidth: Int {
        isatty(STDOUT_FILENO) == 1 ? width : .max
    }

    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }
}
