extension BenchmarkRunner {
    /// The whole measurement `simbench run` makes of a plan: the timed rounds, in this
    /// process or in `plan.processes` child processes (`ProcessPool`), then allocations
    /// counted in an untimed child (`AllocationPass`), or a note saying why they were not.
    ///
    /// The children are `executable`, this binary unless given: its `main` must call
    /// `ChildRole.serveIfRequested(catalog:)` with the plan's catalog before anything else.
    /// Where the allocation counter is preloaded into this process already, its own rounds
    /// counted and no child does.
    ///
    /// - Parameters:
    ///   - layouts: the code layouts the children spread over, made by `makeLayout` as they
    ///     are first needed (`ProcessPool.run(plan:environment:executable:setting:layouts:makeLayout:progress:)`).
    ///   - progress: hears of each step, the children's included.
    public func runWithChildren(
        executable: String = ProcessPool.currentExecutable, layouts: [String] = [],
        makeLayout: @Sendable (Int) throws -> Void = { _ in },
        progress: @Sendable (Progress) -> Void = { _ in }
    ) async throws(ProcessPool.ChildFailure) -> RunResult {
        var result: RunResult
        if plan.processes > 1 {
            result = try ProcessPool.run(
                plan: plan, environment: environment, executable: executable, layouts: layouts,
                makeLayout: makeLayout
            ) { process in
                // A child measures the whole plan; the parent sees only which child runs.
                progress(
                    Progress(
                        scenario: 1, scenarios: 1, label: "process \(process)/\(plan.processes)",
                        phase: "measuring",
                        fraction: Double(process - 1) / Double(plan.processes)))
            }
        } else {
            result = await run(progress: progress)
        }
        // After the timed rounds, never during them.
        guard !AllocationCounter.isActive else { return result }
        progress(
            Progress(
                scenario: 1, scenarios: 1, label: "allocations",
                phase: "counting in an untimed child", fraction: 1))
        switch AllocationPass.count(plan: plan, executable: executable)
        {
        case .success(let counts): return result.counting(counts)
        case .failure(let failure): return result.noting(failure)
        }
    }
}
