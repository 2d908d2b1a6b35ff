/// Why a field's text was refused: the article's `NSError` in `InputValidationErrorDomain`.
///
/// The article fills the error's user info with a localised description ("validation
/// failed", 驗證失敗) and a failure reason, and shows both in an alert. simbench keeps the
/// four values as stored properties so that a variant that reports the wrong words is
/// caught (see `FormLog.record`), and hands the error to the outcome instead of an alert.
public struct InputValidationError: Error, Sendable, Equatable {
    /// The article's `InputValidationErrorDomain`.
    public static let domainName = "InputValidationErrorDomain"
    /// What every failed validation says first.
    public static let validationFailed = "validation failed"

    public let domain: String
    public let code: Int
    public let localizedDescription: String
    public let localizedFailureReason: String

    @inline(__always)
    public init(
        code: Int, failureReason: String,
        description: String = InputValidationError.validationFailed,
        domain: String = InputValidationError.domainName
    ) {
        self.domain = domain
        self.code = code
        self.localizedDescription = description
        self.localizedFailureReason = failureReason
    }
}
