/// What a child process of a run is asked to do, written by its parent to a file that the
/// child role's one environment variable names (`ChildRole`).
///
/// The request holds typed values only: the run's plan as its inputs (`RunPlan.Inputs`), the
/// configurations the child must take of it, and where to write the result. A child never
/// reads the command line.
public struct ChildRequest: Sendable, Codable {
    /// The work a child does.
    public enum Task: String, Sendable, Codable {
        /// Warm-up and timed rounds of the configurations, as in one process
        /// (a run in several processes: `ProcessPool`).
        case timedRounds
        /// The untimed rounds that count allocations, with the counter preloaded
        /// (`AllocationPass`).
        case allocationPass
        /// Each synchronous variant run once in a counted region, under Callgrind
        /// (`CallgrindPass`): synchronous, no task or actor.
        case countedPass
    }

    public var task: Task
    /// What the parent planned from; the child plans the same.
    public var plan: RunPlan.Inputs
    /// The configurations of that plan the child must take, in the order to take them.
    public var configurations: [ConfigurationIdentity]
    /// Where the child writes its `ChildReport`.
    public var resultPath: String

    public init(task: Task, plan: RunPlan, resultPath: String) {
        self.task = task
        self.plan = plan.inputs
        configurations = plan.configurations.map(\.identity)
        self.resultPath = resultPath
    }
}
