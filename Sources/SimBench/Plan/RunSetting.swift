/// A setting of a run, as `RunOptions` holds it: what the harness's errors name.
///
/// The harness never speaks of flags; a command line that sets these from flags renders a
/// `SettingMessage` with its own names for them (its flags), a library caller reads the
/// settings' own (`machines`).
public enum RunSetting: String, Sendable, CaseIterable, Hashable {
    case machines
    case events
    case scenarios
    case variants
    case rounds
    case warmup
    case minTime
    case maxTime
    case processes
    case span
    case negligible
    case actors
    case parameters
    case shard
    case layouts
    case instructions
    /// The history file a run's rows are appended to: the caller's, not `RunOptions`'.
    case history

    /// The setting's name in `RunOptions` (`eventsPerMachine` for `events`): how a library
    /// caller knows it.
    public var optionName: String {
        switch self {
        case .events: "eventsPerMachine"
        case .minTime: "minTimeSeconds"
        case .maxTime: "maxTimeSeconds"
        case .span: "spanSeconds"
        default: rawValue
        }
    }
}

/// Words about a run's or a comparison's settings, rendered by whoever speaks to the user:
/// the harness names each setting by its own name (`RunOptions`'), a command line by its
/// flag.
///
/// Written as a string: `"\(.machines): '0' is not valid"`.
public struct SettingMessage: Sendable, Equatable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    public enum Part: Sendable, Equatable {
        case text(String)
        case setting(RunSetting)
        case comparison(ComparisonSetting)
    }

    public var parts: [Part]

    public init(stringLiteral value: String) {
        parts = [.text(value)]
    }

    public init(stringInterpolation: Interpolation) {
        parts = stringInterpolation.parts
    }

    public struct Interpolation: StringInterpolationProtocol {
        var parts = [Part]()

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            append(literal)
        }

        public mutating func appendInterpolation(_ setting: RunSetting) {
            parts.append(.setting(setting))
        }

        public mutating func appendInterpolation(_ setting: ComparisonSetting) {
            parts.append(.comparison(setting))
        }

        /// Another message's words, its settings still settings.
        public mutating func appendInterpolation(_ message: SettingMessage) {
            for part in message.parts {
                switch part {
                case .text(let text): append(text)
                default: parts.append(part)
                }
            }
        }

        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            append(value.description)
        }

        /// Text joins the text before it: two messages that read alike are equal.
        private mutating func append(_ text: String) {
            guard !text.isEmpty else { return }
            if case .text(let before)? = parts.last {
                parts[parts.count - 1] = .text(before + text)
            } else {
                parts.append(.text(text))
            }
        }
    }

    /// The message with each run setting named by `name`, each comparison setting by
    /// `comparison`.
    public func rendered(
        naming name: (RunSetting) -> String,
        comparison: (ComparisonSetting) -> String = { $0.optionName }
    ) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .setting(let setting): name(setting)
            case .comparison(let setting): comparison(setting)
            }
        }.joined().escapingControlCharacters
    }

    /// With the settings' own names (`RunOptions`', `RegressionThresholds`').
    public var description: String { rendered(naming: \.optionName) }
}

/// Why options cannot make a plan: a value out of range, a name the catalog does not know,
/// or a run the machine's memory cannot hold. Says which setting, in the harness's words.
public struct RunPlanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The setting at fault.
    public let setting: RunSetting
    public let message: SettingMessage

    public init(_ setting: RunSetting, _ message: SettingMessage) {
        self.setting = setting
        self.message = message
    }

    /// `value`, given `setting`, is not one it accepts.
    public static func outOfRange(
        setting: RunSetting, value: String, accepted: String
    ) -> RunPlanError {
        RunPlanError(
            setting, "\(setting): '\(value.clippedForMessage)' is not valid; expected \(accepted)")
    }

    public var description: String { message.description }
}

/// Text that is not a value a setting accepts: the text and what is accepted. Whoever read
/// it names where it came from.
public struct ValueError: Error, Sendable, Equatable {
    public let value: String
    public let accepted: String

    public init(value: String, accepted: String) {
        self.value = value
        self.accepted = accepted
    }
}
