/// Everything `simbench run` was asked to do, before validation.
public struct RunOptions: Sendable, Codable {
    /// Machines of the fleet; more than one value is a sweep (`[1000, 10_000]`): each
    /// value a configuration of its own, measured one after another.
    public var machines = [10_000]
    /// Events per machine; each scenario's default when nil; more than one value is a sweep.
    public var eventsPerMachine: [Int]?
    /// Scenario names; the default suite when nil.
    public var scenarios: [String]?
    /// Variant names, plain (`state-objects`) or qualified (`vending.state-objects`); all
    /// when nil. The baseline of each scenario always runs: it is the ruler.
    public var variants: [String]?
    public var rounds = 10
    /// Warm-up rounds; automatic (until samples settle) when nil.
    public var warmup: Int?
    /// Keep measuring past `rounds` until every variant has this much measured time.
    public var minTimeSeconds: Double?
    /// Stop measuring once a variant has this much measured time (at least 3 rounds).
    public var maxTimeSeconds: Double?
    public var seed: UInt64 = 1
    /// Worker actors; a few per core when nil; more than one value is a sweep of the same
    /// work over more actors (`[1, 2, 4, 8]`).
    public var actors: [Int]?
    /// `[scenario.]key=value` settings, in the order given.
    public var parameters: [ParameterAssignment] = []
    /// Run only this part of the planned configurations (a shard, `I/N`).
    public var shard: ShardSelection?
    /// The run repeated in this many child processes, samples pooled.
    public var processes = Sampling.processes
    /// The processes' starts spread over at least this many seconds: a process that ends
    /// early waits before the next starts, so that the processes meet the host in the states
    /// a re-run would (`Sampling.spanSeconds`); 0 starts each as the last ends.
    public var spanSeconds = Sampling.spanSeconds
    /// The processes spread over this many code layouts of this package, relinked with
    /// shuffled function order; 1 runs this binary's own layout.
    public var layouts = 1
    /// Where the layouts' link seeds are drawn from; `seed` when nil.
    public var layoutSeed: UInt64?
    /// The share of an event's total time below which a pattern's overhead stops mattering
    /// (the break-even work).
    public var negligible = 0.05
    /// Where instruction counts come from.
    public var instructions = InstructionSource.auto

    public init() {}
}

extension RunOptions {
    /// How a run is spread over processes unless told otherwise.
    ///
    /// A re-run is other processes, and processes differ far more than rounds do (heap and
    /// code layout, thread placement, the host's minute), so the intervals are built over
    /// processes (`IntervalScope`) and the default spends its time on processes rather than
    /// rounds. On a 2-core host a round of the default suite at 10,000 machines takes about
    /// 1.8 s and a process adds about 1.4 s of inputs: 5 processes of 2 rounds with no
    /// warm-up measured 34 s, where 20 × 2 with the automatic warm-up (up to 3 rounds) took
    /// 223 s. Five is the fewest processes whose Student's t quantile (2.78) keeps the
    /// intervals useful; a warm-up round each would add about 9 s, which the time budget of
    /// the default run (45 s) cannot spare, and a disturbance that moves a whole process is
    /// what the interval must see anyway. One process keeps up to `rounds` rounds after the
    /// automatic warm-up, cut short by time.
    public enum Sampling {
        /// Child processes of a run that does not set `processes`.
        public static let processes = 5
        /// Rounds per process over several processes, unless `rounds` or `maxTimeSeconds` is set.
        public static let roundsPerProcess = 2
        /// Warm-up rounds per process over several processes, unless `warmup` is set.
        public static let warmupPerProcess = 0
        /// Seconds the processes' starts are spread over, unless `spanSeconds` is set.
        ///
        /// The host's state (its neighbours, its memory traffic) changes over tens of seconds:
        /// on a 2-core VM, workday's baseline ran 14-38% slower for about 25 s while the
        /// machine-speed reference moved 0-3%. Processes started one after another in a second
        /// or two all meet one state, and their spread promises a re-run nothing: over 12
        /// runs of vending and workday at 2,000 machines (about 1.6 s each), a run's interval
        /// of the ns added held another run's value 87% of the time. Spread over 20 s, the
        /// same runs' held it 90%, and their ratios 94% (91% one after another). The default
        /// suite at 10,000 machines takes about 20 s over 5 processes anyway, so its runs
        /// barely wait.
        public static let spanSeconds = 20.0
    }

    /// What each setting of a run accepts. `RunPlan` checks them for every caller of the
    /// library; the command line parses with them and prints them in its help.
    public enum Limits {
        public static let machines = CountLimit(1...Int(Int32.max))
        public static let events = CountLimit(1...Int(Int32.max))
        /// Rounds never exceed the upper bound, whatever `minTimeSeconds` asks.
        public static let rounds = CountLimit(1...10_000)
        public static let warmup = CountLimit(0...1000)
        public static let actors = CountLimit(1...4096)
        public static let seconds = SecondsLimit(maximum: 86_400)
        /// `spanSeconds`: 0 is no wait.
        public static let span = SecondsLimit(maximum: 3600, allowsZero: true)
        /// Child processes of `processes`.
        public static let processes = CountLimit(1...64)
        /// Code layouts, never more than the processes spread over them.
        public static let layouts = CountLimit(1...16)
        public static let negligible = ShareLimit()
    }
}

/// One parameter setting: `key=value`, or `scenario.key=value` for one scenario.
public struct ParameterAssignment: Sendable, Equatable, Codable {
    /// The scenario it is limited to (`validation.invalid=0.3`), or nil for every scenario
    /// that has the parameter.
    public var scenario: String?
    public var name: String
    public var value: String

    public init(scenario: String?, name: String, value: String) {
        self.scenario = scenario
        self.name = name
        self.value = value
    }

    /// Parses `key=value` or `scenario.key=value`.
    public init(parsing text: String) throws(ValueError) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ValueError(value: text, accepted: "key=value or scenario.key=value")
        }
        let key = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
        if let dot = key.firstIndex(of: ".") {
            scenario = String(key[..<dot])
            name = String(key[key.index(after: dot)...])
        } else {
            scenario = nil
            name = key
        }
        guard !name.isEmpty, !value.isEmpty else {
            throw ValueError(value: text, accepted: "key=value or scenario.key=value")
        }
    }
}
