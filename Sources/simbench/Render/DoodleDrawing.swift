import Foundation
import SimBench
import SimBenchCommandLine
import SimBenchCore
import Subjects

/// `simbench render`: one page of the marks scenario drawn as SVG, so that a person can see
/// what the traversals walk.
enum DoodleDrawing {
    /// The SVG of page `page` of the marks scenario under `options` (seed, marks per page,
    /// shape parameters): the same doodle `simbench run` builds for that page.
    static func svg(options: RunOptions, page: Int, physicalMemory: UInt64) throws(UsageError)
        -> String
    {
        var options = options
        options.scenarios = [MarksScenario.descriptor.name]
        // One page is drawn, whatever its number: the plan (which checks the parameters and
        // the memory one page needs) is for one page, and only the page's index is `page`.
        options.machines = [1]
        let plan: RunPlan
        do {
            plan = try RunPlan(
                options: options, catalog: BenchmarkTool.simbench.catalog, cores: 1,
                physicalMemory: physicalMemory)
        } catch {
            // Named by the flags (not the harness's setting names), and the plan's one
            // machine is this command's one page: name what the user gave.
            throw UsageError(
                UsageError(error).description
                    .replacingOccurrences(
                        of: "--machines 1 with --events", with: "one page of --events"
                    )
                    .replacingOccurrences(
                        of: "not even --machines 1 would fit (or lower --events)",
                        with: "lower --events"))
        }
        let checked = plan.configurations[0].configuration
        let configuration = ScenarioConfiguration(
            entities: page + 1, eventsPerEntity: checked.eventsPerEntity, seed: checked.seed,
            parameters: checked.parameters)
        return MarksSVG.document(configuration: configuration, page: page)
    }
}
