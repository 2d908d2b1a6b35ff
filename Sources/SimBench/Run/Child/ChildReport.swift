/// What a child process sends back: one part per configuration it was asked for, each named
/// by its identity, and the notes it has for the run.
struct ChildReport<Part: Codable>: Codable {
    struct Entry: Codable {
        var configuration: ConfigurationIdentity
        var part: Part
    }

    var entries: [Entry]
    var notes: [String] = []

    init(_ plan: RunPlan, parts: [Part], notes: [String] = []) {
        entries = zip(plan.configurations, parts).map {
            Entry(configuration: $0.identity, part: $1)
        }
        self.notes = notes
    }

    /// The parts of `plan`'s configurations, in its order: the parent's check that the child
    /// answered each configuration once, and nothing else.
    func parts(for plan: RunPlan) throws(ChildRole.Failure) -> [Part] {
        var byIdentity = [ConfigurationIdentity: Part]()
        for entry in entries {
            guard byIdentity.updateValue(entry.part, forKey: entry.configuration) == nil else {
                throw ChildRole.Failure(reason: "answered \(entry.configuration) twice")
            }
        }
        let planned = plan.configurations.map(\.identity)
        if let stranger = entries.first(where: { !planned.contains($0.configuration) }) {
            throw ChildRole.Failure(
                reason: "answered \(stranger.configuration), which was not asked for")
        }
        var parts = [Part]()
        for identity in planned {
            guard let part = byIdentity[identity] else {
                throw ChildRole.Failure(reason: "left \(identity) unanswered")
            }
            parts.append(part)
        }
        return parts
    }
}
