import SimBenchCore

/// A scenario family as the harness sees it, its Swift types erased.
public struct ScenarioEntry: Sendable {
    public let descriptor: ScenarioDescriptor
    public let variants: [VariantInfo]
    let makeSession: @Sendable (ScenarioConfiguration) -> any ScenarioSession

    public init<S: Scenario>(_ scenario: S.Type) {
        descriptor = S.descriptor
        variants = S.variants.map { VariantInfo(name: $0.name, role: $0.role, summary: $0.summary) }
        makeSession = { FleetSession<S>(configuration: $0) }
    }

    public var name: String { descriptor.name }

    /// The baseline variant: the plain code every pattern is measured against.
    public var baseline: VariantInfo {
        variants.first { $0.role == .baseline } ?? variants[0]
    }

    /// The floor variant: the simulation's own cost, shown last; nil if the scenario has none.
    public var floor: VariantInfo? {
        variants.first { $0.role == .floor }
    }

    public func variant(named name: String) -> VariantInfo? {
        variants.first { $0.name == name }
    }

    public func parameter(named name: String) -> ParameterSpec? {
        descriptor.parameters.first { $0.name == name }
    }
}

/// What `simbench list` and result rows say about one variant.
public struct VariantInfo: Sendable, Hashable {
    public let name: String
    public let role: VariantRole
    public let summary: String
}
