/// `validation.floor`: the user's loop and the form's log, with no validation.
///
/// It walks the same edits and records each one through the same `FormLog` as every other
/// variant, but checks no rule: every edit is recorded as valid. What it costs is the
/// simulation's own bookkeeping; its outcome differs from the baseline's by design.
enum FloorValidation {
    struct Form: ValidationForm {
        @inline(__always)
        func validate(_ field: FieldKind, _ text: String) -> InputValidationError? {
            nil
        }
    }

    static func prepare(_ shard: ValidationShard) -> () -> ValidationOutcome {
        let form = Form()
        return { shard.simulate(form) }
    }
}
