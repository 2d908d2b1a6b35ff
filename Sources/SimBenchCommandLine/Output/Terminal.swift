import Foundation

/// Where messages for people go.
enum Terminal {
    /// One line on stderr, `simbench: ` first.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data("simbench: \(message)\n".utf8))
    }

    static func warning(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The width reports fit when `COLUMNS` does not say.
    static let defaultWidth = 120

    /// `COLUMNS` when it is a sensible number, else `defaultWidth`.
    static var width: Int {
        guard let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text),
            columns >= 20
        else { return defaultWidth }
        return columns
    }

    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }
}
