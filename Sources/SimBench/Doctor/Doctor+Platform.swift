extension Doctor {
    /// The platform, and each of its capabilities: available (ok), or unavailable (a
    /// warning) with its reason.
    func platformChecks() -> [Check] {
        [Check(name: "platform", verdict: .pass, detail: Platform.name)]
            + Platform.capabilities(executable: ProcessPool.currentExecutable).map {
                Check(
                    name: $0.name, verdict: $0.available ? .pass : .warning,
                    detail: $0.available ? $0.detail : "unavailable: \($0.detail)")
            }
    }
}
