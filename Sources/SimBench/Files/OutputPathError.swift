/// Why a path cannot be an output: one line naming the output as its caller does, what is
/// wrong with the path, and what is accepted.
///
/// The harness knows an output only by the label its caller gave it (`OutputPath.check`): a
/// command line gives its flag, so that the line names the flag.
public struct OutputPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The caller's name for the output.
    public let output: String
    /// `'x' is a directory; expected a file path`.
    public let reason: String

    public init(output: String, reason: String) {
        self.output = output
        self.reason = reason
    }

    public var description: String { "\(output): \(reason)" }
}
