/// A scenario parameter, set with `--param key=value`.
public struct ParameterSpec: Sendable {
    public let name: String
    public let summary: String
    public let defaultValue: String
    /// How the accepted values read in an error message: "a number from 0 to 1".
    public let accepted: String
    /// Whether a comma list (`matcher=scan,regex`) runs each value as its own configuration.
    public let isAxis: Bool
    /// Whether an axis's values are measured side by side in the same rounds and compared
    /// with the first value (`matcher`, `work`), or one after another, each on its own, when
    /// comparing them means nothing (`marks.op`: render against bounds) and holding them all
    /// in memory at once would cost for nothing.
    public let comparesValues: Bool
    private let check: @Sendable (String) -> Bool
    private let normalize: @Sendable (String) -> String

    public init(
        name: String,
        summary: String,
        defaultValue: String,
        accepted: String,
        isAxis: Bool = false,
        comparesValues: Bool = true,
        normalize: @escaping @Sendable (String) -> String = { $0 },
        check: @escaping @Sendable (String) -> Bool
    ) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.accepted = accepted
        self.isAxis = isAxis
        self.comparesValues = comparesValues
        self.check = check
        self.normalize = normalize
    }

    public func accepts(_ value: String) -> Bool {
        check(value)
    }

    /// The one spelling of an accepted `value` (`01000` → `1000`, `0.50` → `0.5`), so that
    /// values equal after parsing are one configuration under one identity.
    public func normalized(_ value: String) -> String {
        normalize(value)
    }

    /// `normalize` for whole numbers: `Int`'s own spelling.
    public static let wholeNumberSpelling: @Sendable (String) -> String = { text in
        DecimalText.wholeNumber(text).map(String.init) ?? text
    }

    /// `normalize` for decimal numbers: `Double`'s own spelling, as the defaults are written.
    public static let numberSpelling: @Sendable (String) -> String = { text in
        DecimalText.number(text).map { String($0) } ?? text
    }

    /// One of a fixed set of words.
    public static func choice(
        _ name: String, _ summary: String, default defaultValue: String, choices: [String],
        isAxis: Bool = false
    ) -> ParameterSpec {
        ParameterSpec(
            name: name, summary: summary, defaultValue: defaultValue,
            accepted: choices.joined(separator: ", "), isAxis: isAxis
        ) { choices.contains($0) }
    }

    /// A whole number in `range`.
    public static func integer(
        _ name: String, _ summary: String, default defaultValue: Int, range: ClosedRange<Int>,
        isAxis: Bool = false
    ) -> ParameterSpec {
        ParameterSpec(
            name: name, summary: summary, defaultValue: String(defaultValue),
            accepted: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            isAxis: isAxis, normalize: wholeNumberSpelling
        ) { DecimalText.wholeNumber($0).map(range.contains) ?? false }
    }

    /// A finite decimal number in `range`.
    public static func number(
        _ name: String, _ summary: String, default defaultValue: Double,
        range: ClosedRange<Double>, isAxis: Bool = false
    ) -> ParameterSpec {
        ParameterSpec(
            name: name, summary: summary, defaultValue: String(defaultValue),
            accepted: "a number from \(range.lowerBound) to \(range.upperBound)", isAxis: isAxis,
            normalize: numberSpelling
        ) { value in
            guard let number = DecimalText.number(value) else { return false }
            return range.contains(number)
        }
    }
}

/// Validated parameter values of one scenario configuration, defaults filled in.
public struct ParameterValues: Sendable, Hashable {
    public let values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public subscript(name: String) -> String? {
        values[name]
    }

    /// The value of `name` as a whole number; the spec validated it already.
    public func integer(_ name: String) -> Int {
        guard let text = values[name], let value = Int(text) else {
            preconditionFailure("parameter '\(name)' was not validated as a whole number")
        }
        return value
    }

    public func number(_ name: String) -> Double {
        guard let text = values[name], let value = Double(text) else {
            preconditionFailure("parameter '\(name)' was not validated as a number")
        }
        return value
    }

    public func string(_ name: String) -> String {
        guard let value = values[name] else {
            preconditionFailure("parameter '\(name)' has no value")
        }
        return value
    }

    /// `key=value` pairs sorted by key and joined with `;`, as stored in CSV files.
    public var canonical: String {
        values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ";")
    }
}

/// The parameters a scenario declares to size a buffer by the host's caches, which `simbench
/// host` sets from the processor's identity: a buffer of `l2Bytes` fits the second-level
/// cache and not the first (half the L2), one of `l3Bytes` fits the third-level cache and not
/// the second, one of `memoryBytes` does not fit the last-level cache (four times the L3, or the
/// L2 where there is no L3).
public enum CacheSizedParameter {
    public static let l2Bytes = "l2-bytes"
    public static let l3Bytes = "l3-bytes"
    public static let memoryBytes = "memory-bytes"
}
