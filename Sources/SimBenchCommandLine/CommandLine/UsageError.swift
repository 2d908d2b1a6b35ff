import SimBench

/// Bad input on the command line: which flag, which value, and what is accepted.
///
/// Printed as one line on stderr; the command line exits with its usage status (64).
public struct UsageError: Error, CustomStringConvertible, Equatable {
    public let description: String

    public init(_ description: String) {
        self.description = description.escapingControlCharacters
    }

    /// `--flag: 'value' is not …; expected …`.
    public static func invalid(_ flag: String, _ value: String, expected: String) -> UsageError {
        UsageError("\(flag): '\(value.clippedForMessage)' is not valid; expected \(expected)")
    }
}

extension UsageError {
    /// The harness's refusal of an output path, which it names as the command line called it
    /// (its flag).
    init(_ error: OutputPathError) {
        self.init(error.description)
    }
}
