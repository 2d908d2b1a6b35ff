import Foundation
import SimBenchCore

extension Doctor {
    /// Machines of the counted probe: a fraction of a second under Callgrind.
    static let countedProbeMachines = 500

    /// Whether Callgrind counts here (`InstructionSource.callgrind`): valgrind found, its version, and a
    /// tiny counted probe of the ruler at its reference work and at its step. The ruler and
    /// its twin run the same code, so they must count the same (within 0.1%); the step
    /// must count as many more instructions per event as it does more work (within 1%), or
    /// the region counts something else than the variant's run.
    ///
    /// A missing valgrind is a warning (timings do not need it); a probe that fails or
    /// counts wrongly fails the doctor.
    func countingCheck(_ ruler: RulerCheck, executable: String) -> Check {
        let name = "counting"
        let tools: CallgrindPass.Tools
        do {
            tools = try CallgrindPass.locateTools()
        } catch {
            return Check(
                name: name, verdict: .warning,
                detail: words("run \(.instructions) callgrind cannot count: \(error)"))
        }
        var options = RunOptions()
        options.scenarios = [ruler.scenario]
        options.machines = [Doctor.countedProbeMachines]
        options.seed = seed
        options.instructions = .callgrind
        options.parameters = [
            ParameterAssignment(
                scenario: ruler.scenario, name: ruler.parameter,
                value: "\(ruler.reference),\(ruler.step)")
        ]
        let counted: CountedResult
        let plan: RunPlan
        do {
            let environment = RunEnvironment.current()
            plan = try RunPlan(
                options: options, catalog: catalog, cores: environment.cores,
                physicalMemory: environment.physicalMemory)
            counted = try CallgrindPass.run(
                plan: plan, tools: tools, executable: executable,
                geometry: CacheGeometry(host: environment.hostIdentity))
        } catch {
            return Check(
                name: name, verdict: .failure,
                detail: "\(tools.version): the counted probe failed: \(error)")
        }
        guard counted.configurations.count == 2,
            let reference = counted.configurations[0][ruler.ruler],
            let twin = counted.configurations[0][ruler.twin],
            let step = counted.configurations[1][ruler.ruler],
            let work = Double(ruler.reference), let stepWork = Double(ruler.step)
        else {
            return Check(
                name: name, verdict: .failure,
                detail:
                    "\(tools.version): the counted probe left no count of \(ruler.scenario) \(ruler.ruler) and \(ruler.twin)"
            )
        }
        let twinGap = abs(twin.instructionsPerEvent / reference.instructionsPerEvent - 1)
        let growth = step.instructionsPerEvent / reference.instructionsPerEvent
        let expected = stepWork / work
        let figures = String(
            format:
                "%@ (%@): %@ %.0f instructions/event at %@=%@, twin %+.3f%%, ×%.4f at %@ (work ×%.4f)",
            tools.version, tools.valgrind, ruler.ruler, reference.instructionsPerEvent,
            ruler.parameter,
            ruler.reference, (twin.instructionsPerEvent / reference.instructionsPerEvent - 1) * 100,
            growth,
            ruler.step, expected)
        guard twinGap <= 0.001, abs(growth / expected - 1) <= 0.01 else {
            return Check(
                name: name, verdict: .failure,
                detail: "\(figures): the region counts something else than the variant's run")
        }
        return Check(name: name, verdict: .pass, detail: figures)
    }
}
