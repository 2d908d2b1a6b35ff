import SimBenchCore
import Testing

@testable import Subjects

/// Every family in the catalog, with no test of its own needed: each variant computes its
/// baseline's outcome, whole and sliced, over seeds and shapes (one entity with one event,
/// small fleets, the default events). A new family is checked from the line that registers
/// it; its own tests then probe what is particular to it.
@Suite("every scenario of the catalog: variants agree with their baseline")
struct CatalogEquivalenceTests {
    /// The harness's self-test: its `off-by-one` computes a wrong outcome on purpose, so
    /// that `run` can be seen to refuse it (exit 3). `SelfTestScenario`'s own tests cover it.
    static let deliberatelyWrong: Set<String> = ["selftest"]

    static var scenarios: [String] {
        allScenarios.map { $0.descriptor.name }.filter { !deliberatelyWrong.contains($0) }
    }

    @Test("whole and sliced, seeds 0..<6, one to nine entities", arguments: scenarios)
    func variantsAgree(scenario: String) async throws {
        let type = try #require(allScenarios.first { $0.descriptor.name == scenario })
        await Self.check(type)
    }

    private static func check<S: Scenario>(_: S.Type) async {
        #expect(
            S.variants.filter { $0.role == .baseline }.count == 1,
            "\(S.descriptor.name): one baseline")
        let events = min(S.descriptor.defaultEventsPerEntity, 40)
        for seed: UInt64 in 0..<6 {
            for (entities, perEntity) in [(1, 1), (4, events), (9, events)] {
                let baseline = await runVariantAsync(
                    S.self, S.baselineName, entities: entities, events: perEntity, seed: seed)
                for variant in S.checkedVariants {
                    for slices in [1, 3] where slices <= entities {
                        let outcome = await runVariantAsync(
                            S.self, variant.name, entities: entities, events: perEntity, seed: seed,
                            slices: slices)
                        #expect(
                            outcome == baseline,
                            "\(S.descriptor.name).\(variant.name) differs from \(S.baselineName): seed \(seed), \(entities) entities, \(perEntity) events, \(slices) slices"
                        )
                        #expect(outcome.checksum == baseline.checksum)
                    }
                }
            }
        }
    }
}
