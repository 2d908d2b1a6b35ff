import SimBench

extension RunSetting {
    /// The flag that sets it, on `run` and on every command that plans a run (`doctor`'s
    /// `--machines` and `--scenario`): declared here once, used by those commands' option
    /// declarations and by the messages that name the setting.
    var flag: String {
        switch self {
        case .machines: "--machines"
        case .events: "--events"
        case .scenarios: "--scenario"
        case .variants: "--variant"
        case .rounds: "--rounds"
        case .warmup: "--warmup"
        case .minTime: "--min-time"
        case .maxTime: "--max-time"
        case .processes: "--processes"
        case .span: "--span"
        case .negligible: "--negligible"
        case .actors: "--actors"
        case .parameters: "--param"
        case .shard: "--shard"
        case .layouts: "--layouts"
        case .instructions: "--instructions"
        case .history: "--append"
        }
    }
}

extension SettingMessage {
    /// The message in the command line's words: each setting named by its flag.
    var flagged: String { rendered(naming: \.flag, comparison: \.flag) }
}

extension UsageError {
    /// The harness's refusal of a plan, in the command line's words: each setting named by
    /// its flag.
    public init(_ error: RunPlanError) {
        self.init(error.message.flagged)
    }
}
