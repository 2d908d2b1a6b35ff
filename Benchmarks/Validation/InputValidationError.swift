/// Why a field's text was refused: the article's `NSError` in `InputValidationErrorDomain`.
///
/// The article fills the error's user info with a localised description ("validation
/// failed", 驗證失敗) and a failure reason, and shows both in an alert. simbench keeps the
/// four values in the error so that a variant that reports the wrong words is caught (see
/// `FormLog.record`), and hands the error to the outcome instead of an alert.
///
/// The words are compile-time constants, as the article's `NSLocalizedString` literals
/// are, and are stored as `StaticString`s: building and dropping an error then costs no
/// reference counting, so the measured work stays the dispatch and the check.
public struct InputValidationError: Error, Sendable, Equatable {
    public let code: Int
    private let domainText: StaticString
    private let descriptionText: StaticString
    private let reasonText: StaticString

    /// Creates an error in the article's domain, saying "validation failed" and why.
    @inline(__always)
    public init(
        code: Int, failureReason: StaticString,
        description: StaticString = "validation failed",
        domain: StaticString = "InputValidationErrorDomain"
    ) {
        self.code = code
        domainText = domain
        descriptionText = description
        reasonText = failureReason
    }

    public var domain: String { domainText.description }
    /// The error's `NSLocalizedDescriptionKey`: the alert's title.
    public var localizedDescription: String { descriptionText.description }
    /// The error's `NSLocalizedFailureReasonErrorKey`: the alert's message.
    public var localizedFailureReason: String { reasonText.description }

    /// Same code and same words; the words compare by address first, then by bytes.
    @inline(__always)
    public static func == (lhs: InputValidationError, rhs: InputValidationError) -> Bool {
        lhs.code == rhs.code && same(lhs.reasonText, rhs.reasonText)
            && same(lhs.descriptionText, rhs.descriptionText)
            && same(lhs.domainText, rhs.domainText)
    }

    @inline(__always)
    private static func same(_ a: StaticString, _ b: StaticString) -> Bool {
        guard a.hasPointerRepresentation, b.hasPointerRepresentation else {
            return a.description == b.description
        }
        if a.utf8Start == b.utf8Start && a.utf8CodeUnitCount == b.utf8CodeUnitCount {
            return true
        }
        return a.description == b.description
    }
}
