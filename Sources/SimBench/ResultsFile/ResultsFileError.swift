/// A results file simbench cannot use, and exactly where it went wrong.
///
/// Printed as one line, `FILE: line N, column 'NAME': what is wrong`, so that a person can
/// open the file at that spot; `simbench` exits with its failure status (1).
public struct ResultsFileError: Error, CustomStringConvertible, Equatable {
    public let path: String
    /// 1-based; nil when the trouble is the file as a whole (it cannot be opened).
    public let line: Int?
    /// The column's name from the header, or `field K` where the header does not name it.
    public let column: String?
    public let message: String

    public init(path: String, line: Int?, column: String?, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        var place = [String]()
        if let line { place.append("line \(line)") }
        if let column { place.append("column '\(column)'") }
        let location = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return "\(path): \(location)\(message)".escapingControlCharacters
    }
}
