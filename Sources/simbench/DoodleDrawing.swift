import SimBench
import Subjects

/// `simbench render`: one page of the marks scenario drawn as SVG, so that a person can see
/// what the traversals walk.
enum DoodleDrawing {
    /// The SVG of page `page` of the marks scenario under `options` (seed, marks per page,
    /// shape parameters): the same doodle `simbench run` builds for that page.
    static func svg(options: RunOptions, page: Int, physicalMemory: UInt64) throws(UsageError) -> String {
        var options = options
        options.scenarios = [MarksScenario.descriptor.name]
        options.machines = page + 1
        let plan = try RunPlan(
            options: options, catalog: Suite.catalog, cores: 1, physicalMemory: physicalMemory)
        return MarksSVG.document(configuration: plan.configurations[0].configuration, page: page)
    }
}
