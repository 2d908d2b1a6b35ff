import Synchronization

/// One column of a results CSV, declared once: its name, what its cells hold, its unit, how
/// a row's cell is computed, and who reads it back.
///
/// `ResultRow.cells`, `ResultRow.columns` (the header), the reader's checks
/// (`ResultsSchema`), the raw samples' identifying columns and the InfluxDB export's tags and
/// fields are all derived from `ResultColumn.all`. `simbench compare` and the exports read
/// cells through these values (`record[.allocationsPerEvent]`), never through a name.
///
/// To add a column: declare it below with its cell (computing the figure into a
/// `ResultRow` property, from `ConfigurationResult+Rows.swift`, if it is new), and append it
/// to the end of `all`. Columns are never renamed or reordered: users' scripts, committed
/// baselines and history files read them.
public final class ResultColumn: Sendable, Hashable, CustomStringConvertible {
    /// What a cell holds, which decides how a reader checks it.
    public enum Kind: Sendable {
        /// Empty, or a finite number ≥ 0.
        case number
        /// Empty, or a finite number of either sign: a difference from the baseline, or an
        /// interval around one.
        case signedNumber
        /// Empty, or hexadecimal digits.
        case hexadecimal
        /// Anything.
        case text
    }

    /// How the InfluxDB export (`BenchmarkExport`) writes the column, if at all.
    public enum InfluxRole: Sendable {
        /// Identifies the series.
        case tag
        /// A measured figure, written as a float.
        case number
        /// A count, written as an integer (`1000i`) so that its field type never changes.
        case integer
        /// A string field.
        case string
    }

    /// Who reads the column back, besides the reader's checks: `compare` and the github and
    /// Bencher exports read it by its typed value (say so here when one starts to), and
    /// `merge` notes when parts differ in it.
    public enum Reader: Sendable {
        case compare
        case github
        case bencher
        case merge
    }

    public let name: String
    /// What people read the figure under, in tables, reports and verdicts
    /// (`allocs/event` for `allocs_per_event`): declared with the column, so that the CSV,
    /// the terminal table and the report name one figure. The column's name where the
    /// figure has no heading of its own.
    public let heading: String
    public let kind: Kind
    /// `ns`, `bytes`, `ms`, `×`; empty for counts and text.
    public let unit: String
    /// Without it a file cannot be read: rows could not be identified or compared.
    public let isRequired: Bool
    /// May not be empty in any row.
    public let isNonEmpty: Bool
    public let influx: InfluxRole?
    public let readers: Set<Reader>
    /// The field of the processor's identity the column holds; nil for any other column.
    let hostIdentityField: HostIdentityField?
    /// The cell of a row: empty when the figure was not measured.
    let cell: @Sendable (ResultRow) -> String
    /// A number no other column has, given as the column is made: where a file keeps the
    /// column is found in an array by it (`ColumnPositions`), not by hashing the name for
    /// every cell a reader asks for. A class, not a struct, so that naming a column
    /// (`record[.scenario]`) copies one reference, not its six.
    let ordinal: Int

    /// The ordinal the next column made takes.
    private static let nextOrdinal = Atomic<Int>(0)

    public var description: String { name }

    public static func == (a: ResultColumn, b: ResultColumn) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The cell of `row` in this column.
    public func cell(of row: ResultRow) -> String { cell(row) }

    init(
        _ name: String, _ kind: Kind, heading: String? = nil, unit: String = "",
        required: Bool = false, nonEmpty: Bool = false,
        influx: InfluxRole? = nil, readers: Set<Reader> = [],
        hostIdentityField: HostIdentityField? = nil,
        cell: @escaping @Sendable (ResultRow) -> String
    ) {
        self.hostIdentityField = hostIdentityField
        self.name = name
        self.heading = heading ?? name
        self.kind = kind
        self.unit = unit
        self.isRequired = required
        self.isNonEmpty = nonEmpty
        self.influx = influx
        self.readers = readers
        self.cell = cell
        ordinal = Self.nextOrdinal.add(1, ordering: .relaxed).oldValue
    }

    /// Free text.
    static func text(
        _ name: String, required: Bool = false, nonEmpty: Bool = false, influx: InfluxRole? = nil,
        readers: Set<Reader> = [], _ value: @escaping @Sendable (ResultRow) -> String
    ) -> ResultColumn {
        ResultColumn(
            name, .text, required: required, nonEmpty: nonEmpty, influx: influx, readers: readers,
            cell: value)
    }

    /// A measured figure; not finite or nil is an empty cell.
    static func figure(
        _ name: String, heading: String? = nil, unit: String, required: Bool = false,
        influx: InfluxRole? = nil, readers: Set<Reader> = [],
        _ value: @escaping @Sendable (ResultRow) -> Double?
    ) -> ResultColumn {
        ResultColumn(
            name, .number, heading: heading, unit: unit, required: required, influx: influx,
            readers: readers
        ) { row in
            guard let number = value(row), number.isFinite else { return "" }
            return "\(number)"
        }
    }

    /// A measured difference, negative as often as not; not finite or nil is an empty cell.
    static func signedFigure(
        _ name: String, unit: String, _ value: @escaping @Sendable (ResultRow) -> Double?
    ) -> ResultColumn {
        ResultColumn(name, .signedNumber, unit: unit) { row in
            guard let number = value(row), number.isFinite else { return "" }
            return "\(number)"
        }
    }

    /// A whole number; nil is an empty cell.
    static func count(
        _ name: String, unit: String = "", influx: InfluxRole? = nil, readers: Set<Reader> = [],
        _ value: @escaping @Sendable (ResultRow) -> UInt64?
    ) -> ResultColumn {
        ResultColumn(name, .number, unit: unit, influx: influx, readers: readers) { row in
            value(row).map { "\($0)" } ?? ""
        }
    }
}

// MARK: - The columns

extension ResultColumn {
    // The run and its machine.
    public static let runID = text("run_id", influx: .string, readers: [.compare, .github]) {
        $0.environment.runID
    }
    public static let timestamp = text("timestamp", readers: [.compare]) {
        $0.environment.timestamp
    }
    public static let host = text("host", influx: .tag, readers: [.compare, .github]) {
        $0.environment.host
    }
    public static let cpu = text("cpu", influx: .tag) { $0.environment.cpu }
    public static let cores = count("cores") { UInt64($0.environment.cores) }
    public static let loadAverage = text("load_average") { $0.environment.loadAverage }
    public static let os = text("os") { $0.environment.os }
    public static let swiftVersion = text("swift_version", influx: .tag, readers: [.merge]) {
        $0.environment.swiftVersion
    }
    public static let buildConfig = text(
        "build_config", influx: .tag, readers: [.compare, .github, .merge]
    ) {
        $0.environment.buildConfiguration
    }
    public static let buildFlags = text("build_flags") { $0.environment.buildFlags }
    public static let gitCommit = text(
        "git_commit", influx: .string, readers: [.compare, .github, .merge]
    ) {
        $0.environment.gitCommit
    }

    // What was measured.
    public static let scenario = text(
        "scenario", required: true, nonEmpty: true, influx: .tag, readers: [.compare]
    ) {
        $0.scenario
    }
    public static let parameters = text("params", required: true, influx: .tag, readers: [.compare])
    { $0.parameters }
    public static let variant = text(
        "variant", required: true, nonEmpty: true, influx: .tag, readers: [.compare]
    ) {
        $0.variant
    }
    public static let role = text(
        "role", required: true, nonEmpty: true, influx: .tag,
        readers: [.compare, .github, .bencher]
    ) {
        $0.role.rawValue
    }
    public static let status = text("status", required: true, nonEmpty: true, readers: [.compare]) {
        $0.status.rawValue
    }
    public static let eventUnit = text("event_unit", readers: [.github]) { $0.eventUnit }
    public static let machines = count("machines", influx: .integer, readers: [.compare, .merge]) {
        UInt64($0.machines)
    }
    public static let eventsPerMachine = count(
        "events_per_machine", influx: .integer, readers: [.compare]
    ) {
        UInt64($0.eventsPerMachine)
    }
    public static let eventsPerRound = count("events_per_round") { UInt64($0.eventsPerRound) }
    public static let actors = count("actors") { UInt64($0.actors) }
    public static let rounds = count("rounds", influx: .integer, readers: [.github]) {
        UInt64($0.rounds)
    }
    public static let warmupRounds = count("warmup_rounds") { UInt64($0.warmupRounds) }
    public static let seed = count("seed", readers: [.merge]) { $0.seed }

    // Wall time per event.
    public static let nsPerEventMedian = figure(
        "ns_per_event_median", unit: "ns", required: true, influx: .number,
        readers: [.compare, .github, .bencher]
    ) { $0.nsPerEvent?.median }
    public static let nsPerEventMin = figure("ns_per_event_min", unit: "ns") { $0.nsPerEvent?.min }
    public static let nsPerEventMax = figure("ns_per_event_max", unit: "ns") { $0.nsPerEvent?.max }
    public static let nsPerEventMean = figure("ns_per_event_mean", unit: "ns") {
        $0.nsPerEvent?.mean
    }
    public static let nsPerEventStddev = figure("ns_per_event_stddev", unit: "ns") {
        $0.nsPerEvent?.standardDeviation
    }
    public static let nsPerEventCV = figure("ns_per_event_cv", unit: "", influx: .number) {
        $0.nsPerEvent?.coefficientOfVariation
    }
    public static let nsPerEventP10 = figure("ns_per_event_p10", unit: "ns") { $0.nsPerEvent?.p10 }
    public static let nsPerEventP90 = figure("ns_per_event_p90", unit: "ns") { $0.nsPerEvent?.p90 }
    public static let nsPerEventCILow = figure(
        "ns_per_event_ci_low", unit: "ns", influx: .number, readers: [.compare, .github, .bencher]
    ) { $0.nsPerEvent?.medianLow }
    public static let nsPerEventCIHigh = figure(
        "ns_per_event_ci_high", unit: "ns", influx: .number, readers: [.compare, .github, .bencher]
    ) { $0.nsPerEvent?.medianHigh }
    public static let outliersMild = count("outliers_mild") {
        $0.nsPerEvent.map { UInt64($0.mildOutliers) }
    }
    public static let outliersSevere = count("outliers_severe") {
        $0.nsPerEvent.map { UInt64($0.severeOutliers) }
    }
    public static let eventsPerSecond = figure("events_per_second", unit: "1/s", influx: .number) {
        $0.eventsPerSecond
    }

    // Against the scenario's baseline variant.
    public static let ratioToBaseline = figure(
        "ratio_to_baseline", unit: "×", influx: .number, readers: [.compare, .github, .bencher]
    ) { $0.ratioToBaseline?.value }
    public static let ratioCILow = figure(
        "ratio_ci_low", unit: "×", influx: .number, readers: [.compare, .github, .bencher]
    ) {
        $0.ratioToBaseline?.low
    }
    public static let ratioCIHigh = figure(
        "ratio_ci_high", unit: "×", influx: .number, readers: [.compare, .github, .bencher]
    ) {
        $0.ratioToBaseline?.high
    }

    // Other measurements.
    public static let cpuNsPerEventMedian = figure(
        "cpu_ns_per_event_median", unit: "ns", influx: .number
    ) {
        $0.cpuNsPerEventMedian?.value
    }
    public static let allocationsPerEvent = figure(
        "allocs_per_event", heading: "allocs/event", unit: "", influx: .number,
        readers: [.compare, .github, .bencher]
    ) { $0.allocationsPerEvent }
    public static let peakRSSBytes = count("peak_rss_bytes", unit: "bytes", influx: .integer) {
        $0.peakResidentBytes
    }
    public static let rssBytesPerMachine = figure("rss_bytes_per_machine", unit: "bytes") {
        $0.residentBytesPerMachine
    }
    public static let instructionsPerEvent = figure(
        "instructions_per_event", heading: "instr/event", unit: "", influx: .number,
        readers: [.compare, .github, .bencher]
    ) { $0.instructionsPerEvent }
    public static let setupMilliseconds = figure("setup_ms", unit: "ms") { $0.setupMilliseconds }
    public static let prepareMilliseconds = figure("prepare_ms", unit: "ms") {
        $0.prepareMilliseconds
    }
    public static let checksum = ResultColumn("checksum", .hexadecimal) {
        String($0.checksum, radix: 16)
    }

    // Against the first value of the scenario's axis.
    public static let axisReference = text("axis_reference") { $0.axisReference }
    public static let ratioToAxisReference = figure("ratio_to_axis_reference", unit: "×") {
        $0.ratioToAxisReference?.value
    }
    public static let axisRatioCILow = figure("axis_ratio_ci_low", unit: "×") {
        $0.ratioToAxisReference?.low
    }
    public static let axisRatioCIHigh = figure("axis_ratio_ci_high", unit: "×") {
        $0.ratioToAxisReference?.high
    }

    // Steady numbers: processes, thread CPU time, interference, the machine-speed reference.
    public static let processes = count("processes", influx: .integer) { UInt64($0.processes) }
    public static let cpuNsPerEventCILow = figure(
        "cpu_ns_per_event_ci_low", unit: "ns", readers: [.compare]
    ) {
        $0.cpuNsPerEventMedian?.low
    }
    public static let cpuNsPerEventCIHigh = figure(
        "cpu_ns_per_event_ci_high", unit: "ns", readers: [.compare]
    ) {
        $0.cpuNsPerEventMedian?.high
    }
    public static let utilizationMedian = figure("utilization_median", unit: "", influx: .number) {
        $0.utilizationMedian
    }
    public static let interferedRounds = count("interfered_rounds", influx: .integer) {
        $0.interferedRounds.map { UInt64($0) }
    }
    public static let cpuRatioToBaseline = figure(
        "cpu_ratio_to_baseline", unit: "×", influx: .number, readers: [.compare]
    ) {
        $0.cpuRatioToBaseline?.value
    }
    public static let cpuRatioCILow = figure("cpu_ratio_ci_low", unit: "×", readers: [.compare]) {
        $0.cpuRatioToBaseline?.low
    }
    public static let cpuRatioCIHigh = figure("cpu_ratio_ci_high", unit: "×", readers: [.compare]) {
        $0.cpuRatioToBaseline?.high
    }
    public static let referenceNsMedian = figure("reference_ns_median", unit: "ns") {
        $0.referenceNsMedian
    }
    public static let cpuPerReference = figure("cpu_per_reference", unit: "", readers: [.compare]) {
        $0.cpuPerReference?.value
    }
    public static let cpuPerReferenceCILow = figure(
        "cpu_per_reference_ci_low", unit: "", readers: [.compare]
    ) {
        $0.cpuPerReference?.low
    }
    public static let cpuPerReferenceCIHigh = figure(
        "cpu_per_reference_ci_high", unit: "", readers: [.compare]
    ) {
        $0.cpuPerReference?.high
    }
    public static let emptyRoundNs = figure("empty_round_ns", unit: "ns") { $0.emptyRoundNs }

    // The answer in the user's units.
    public static let overheadNsPerEvent = signedFigure("overhead_ns_per_event", unit: "ns") {
        $0.overheadNsPerEvent?.value
    }
    public static let overheadCILow = signedFigure("overhead_ci_low", unit: "ns") {
        $0.overheadNsPerEvent?.low
    }
    public static let overheadCIHigh = signedFigure("overhead_ci_high", unit: "ns") {
        $0.overheadNsPerEvent?.high
    }
    public static let breakevenNsPerEvent = figure("breakeven_ns_per_event", unit: "ns") {
        $0.breakevenNsPerEvent?.value
    }
    public static let breakevenCILow = signedFigure("breakeven_ci_low", unit: "ns") {
        $0.breakevenNsPerEvent?.low
    }
    public static let breakevenCIHigh = signedFigure("breakeven_ci_high", unit: "ns") {
        $0.breakevenNsPerEvent?.high
    }
    public static let breakevenNote = text("breakeven_note") { $0.breakevenNote }
    public static let negligible = figure("negligible", unit: "") { $0.negligible }
    public static let bytesPerEntity = figure("bytes_per_entity", unit: "bytes", influx: .number) {
        $0.bytesPerEntity
    }
    public static let bytesPerEntityOverBaseline = signedFigure(
        "bytes_per_entity_over_baseline", unit: "bytes"
    ) {
        $0.bytesPerEntityOverBaseline
    }

    // Net of the floor: the simulation's own bookkeeping.
    public static let floorNsPerEvent = figure("floor_ns_per_event", unit: "ns") {
        $0.floorNsPerEvent
    }
    public static let floorShare = figure("floor_share", unit: "") { $0.floorShare }
    public static let ratioNetOfFloor = signedFigure("ratio_net_of_floor", unit: "×") {
        $0.ratioNetOfFloor?.value
    }
    public static let ratioNetCILow = signedFigure("ratio_net_ci_low", unit: "×") {
        $0.ratioNetOfFloor?.low
    }
    public static let ratioNetCIHigh = signedFigure("ratio_net_ci_high", unit: "×") {
        $0.ratioNetOfFloor?.high
    }

    // The memory the run plan expected, beside the peak it reached (`peak_rss_bytes`).
    public static let estimatedPeakBytes = count("estimated_peak_bytes", unit: "bytes") {
        $0.estimatedPeakBytes
    }

    // A sweep (machines 1000 and 10000, say): which point of it the row is, part of its identity.
    public static let sweep = text("sweep", influx: .tag, readers: [.compare]) { $0.sweep }

    // How many rows the run wrote: a history reader counts each run's rows against it
    // (`ResultsFile`), and `repair-history` drops a run whose append was cut short.
    public static let runRows = count("run_rows") { $0.runRows.map { UInt64($0) } }

    // Counts (`RunOptions.instructions`): where instructions_per_event comes from, and Callgrind's
    // cycle estimate beside it.
    public static let estimatedCyclesPerEvent = figure(
        "estimated_cycles_per_event", heading: "cycles/event", unit: "", influx: .number,
        readers: [.compare, .github, .bencher]
    ) { $0.estimatedCyclesPerEvent }
    public static let instructionsSource = text(
        "instructions_source", influx: .string, readers: [.compare, .github]
    ) { $0.instructionsSource }

    /// What one entity of the scenario is (`vending machine`, `form session`), so that a
    /// file's answers name it without the catalog.
    public static let entityUnit = text("entity_unit", readers: [.compare]) { $0.entityUnit }
    // Modes across processes (`ModeDetector`): how many (1 when none found, empty when too few
    // processes to judge), the slow mode's share of the processes and its median CPU ratio
    // to the baseline (empty with one mode), and every process's CPU ratio, for the report's
    // dots.
    public static let modes = count("modes", influx: .integer) {
        $0.processModes.map { UInt64($0.count) }
    }
    public static let slowModeShare = figure("slow_mode_share", unit: "") {
        $0.processModes?.slowShare
    }
    public static let slowModeRatio = figure("slow_mode_ratio", unit: "×") {
        $0.processModes?.slow?.median
    }
    public static let processCPURatios = text("process_cpu_ratios") { row in
        row.processCPURatios.map { String(format: "%.4g", $0) }.joined(separator: ";")
    }
    // What the intervals hold: the code layouts the processes ran (`RunOptions.layouts`), and
    // what the intervals are built over, `rounds` of one process, `processes` or `layouts`
    // (`IntervalScope`).
    public static let layouts = count("layouts", influx: .integer, readers: [.merge]) {
        UInt64($0.layouts)
    }
    public static let intervalUnit = text("interval_unit", readers: [.merge]) {
        $0.intervalUnit
    }
    // Counted instructions by runtime mechanism (`Mechanism`, `MechanismRules`): they sum to
    // instructions_per_event.
    public static let instructionsRefcountPerEvent = mechanism(.refcount)
    public static let instructionsAllocPerEvent = mechanism(.alloc)
    public static let instructionsDispatchPerEvent = mechanism(.dispatch)
    public static let instructionsExclusivityPerEvent = mechanism(.exclusivity)
    public static let instructionsRuntimeOtherPerEvent = mechanism(.runtimeOther)
    public static let instructionsOwnPerEvent = mechanism(.own)

    // The functions a Callgrind count ran in, most self instructions first, at most
    // `FunctionProfile.budget`, in the form `FunctionProfile` gives: what `compare` lists
    // under a row whose count moved (`FunctionDiff`), without the dumps.
    public static let functions = text("functions", readers: [.compare]) {
        $0.functions?.cell ?? ""
    }

    /// The column of `mechanism`'s instructions per event.
    public static func mechanism(_ mechanism: Mechanism) -> ResultColumn {
        figure(mechanism.columnName, unit: "", influx: .number, readers: [.compare]) {
            $0.instructionsByMechanism?[mechanism]
        }
    }

    // The processor beyond its name (`HostIdentity`, `Platform.hostIdentity()`): `compare`
    // takes any difference in them for a different CPU (`EnvironmentChange`).
    public static let cpuVendor = identity("cpu_vendor", \.vendor)
    public static let cpuFamily = identity("cpu_family", \.family)
    public static let cpuModel = identity("cpu_model", \.model)
    public static let cpuStepping = identity("cpu_stepping", \.stepping)
    public static let cpuMicrocode = identity("cpu_microcode", \.microcode)
    public static let l1dCacheBytes = identity("l1d_cache_bytes", unit: "bytes", \.l1dBytes)
    public static let l2CacheBytes = identity("l2_cache_bytes", unit: "bytes", \.l2Bytes)
    public static let l3CacheBytes = identity("l3_cache_bytes", unit: "bytes", \.l3Bytes)
    public static let cpuBaseMHz = identity("cpu_base_mhz", unit: "MHz", \.baseMHz)
    public static let cpuMaxMHz = identity("cpu_max_mhz", unit: "MHz", \.maxMHz)
    public static let hypervisor = identity("hypervisor", \.hypervisor)

    /// The columns of the processor's identity, in the order of `all`: each declares the
    /// field of `HostIdentity` it holds (`hostIdentityField`), which a run writes and a
    /// results file's row is read back into (`ResultsRecord.hostIdentity`).
    public static let hostIdentityColumns = all.filter { $0.hostIdentityField != nil }

    private static func identity(
        _ name: String, _ field: WritableKeyPath<HostIdentity, String> & Sendable
    ) -> ResultColumn {
        ResultColumn(name, .text, readers: [.compare], hostIdentityField: .text(field)) {
            $0.environment.hostIdentity[keyPath: field]
        }
    }

    private static func identity(
        _ name: String, unit: String, _ field: WritableKeyPath<HostIdentity, UInt64?> & Sendable
    ) -> ResultColumn {
        ResultColumn(
            name, .number, unit: unit, readers: [.compare], hostIdentityField: .count(field)
        ) { row in
            row.environment.hostIdentity[keyPath: field].map { "\($0)" } ?? ""
        }
    }

    /// Which field of the processor's identity (`HostIdentity`) a column holds.
    enum HostIdentityField: Sendable {
        case text(WritableKeyPath<HostIdentity, String> & Sendable)
        /// A count, written in decimal digits.
        case count(WritableKeyPath<HostIdentity, UInt64?> & Sendable)
    }

    // Calls into each runtime mechanism per event (`MechanismCall`), counted by Callgrind
    // beside the instructions: what a host's mechanism costs are multiplied by.
    public static let callsRetainPerEvent = calls(.retain)
    public static let callsReleasePerEvent = calls(.release)
    public static let callsWeakLoadPerEvent = calls(.weakLoad)
    public static let callsAllocationPerEvent = calls(.allocation)
    public static let callsFreePerEvent = calls(.free)
    public static let callsWitnessPerEvent = calls(.witness)
    public static let callsExclusivityPerEvent = calls(.exclusivity)

    /// The column of the calls per event into `kind`.
    public static func calls(_ kind: MechanismCall) -> ResultColumn {
        figure(kind.columnName, unit: "", influx: .number) { $0.mechanismCalls?[kind] }
    }

    // The ns per event the cost model predicts a pattern adds on this host (`CostModel`, from
    // a prices file), beside the measured `overhead_ns_per_event`; empty when not predicted.
    public static let predictedNsAddedPerEvent = ResultColumn(
        "predicted_ns_added_per_event", .signedNumber, heading: "predicted ns added", unit: "ns"
    ) { row in
        guard let number = row.prediction?.nanoseconds, number.isFinite else { return "" }
        return "\(number)"
    }

    // Data-cache misses per event by level, from Callgrind's cache simulation of the host's
    // caches (`CacheMiss`); empty without a Callgrind count.
    public static let cacheMissesL1dPerEvent = cacheMisses(.l1d)
    public static let cacheMissesLLPerEvent = cacheMisses(.lastLevel)

    /// The column of the misses per event at `level`.
    public static func cacheMisses(_ level: CacheMiss) -> ResultColumn {
        figure(level.columnName, unit: "", influx: .number) { $0.cacheMisses?[level] }
    }

    // The caches Callgrind simulated for the row's counts (`CacheGeometry`): estimated
    // cycles and misses are comparable only between rows of one geometry.
    public static let cacheGeometry = text("cache_geometry", readers: [.compare]) {
        $0.cacheGeometry?.description ?? ""
    }

    // The interval around `predicted_ns_added_per_event`: every cost the pattern adds at the
    // cheaper of its two prices on the host, to every cost at the dearer, widened by the
    // prices' own 95% intervals (`CostModel.Prediction`); empty when not predicted.
    public static let predictedNsAddedLow = ResultColumn(
        "predicted_ns_added_low", .signedNumber, unit: "ns"
    ) { row in
        guard let number = row.prediction?.low, number.isFinite else { return "" }
        return "\(number)"
    }
    public static let predictedNsAddedHigh = ResultColumn(
        "predicted_ns_added_high", .signedNumber, unit: "ns"
    ) { row in
        guard let number = row.prediction?.high, number.isFinite else { return "" }
        return "\(number)"
    }

    /// Every column, in the order simbench writes them. New columns go at the end.
    public static let all: [ResultColumn] = [
        runID, timestamp, host, cpu, cores, loadAverage, os, swiftVersion, buildConfig, buildFlags,
        gitCommit, scenario, parameters, variant, role, status, eventUnit, machines,
        eventsPerMachine,
        eventsPerRound, actors, rounds, warmupRounds, seed, nsPerEventMedian, nsPerEventMin,
        nsPerEventMax, nsPerEventMean, nsPerEventStddev, nsPerEventCV, nsPerEventP10, nsPerEventP90,
        nsPerEventCILow, nsPerEventCIHigh, outliersMild, outliersSevere, eventsPerSecond,
        ratioToBaseline, ratioCILow, ratioCIHigh, cpuNsPerEventMedian, allocationsPerEvent,
        peakRSSBytes,
        rssBytesPerMachine, instructionsPerEvent, setupMilliseconds, prepareMilliseconds, checksum,
        axisReference, ratioToAxisReference, axisRatioCILow, axisRatioCIHigh, processes,
        cpuNsPerEventCILow, cpuNsPerEventCIHigh, utilizationMedian, interferedRounds,
        cpuRatioToBaseline, cpuRatioCILow, cpuRatioCIHigh, referenceNsMedian, cpuPerReference,
        cpuPerReferenceCILow, cpuPerReferenceCIHigh, emptyRoundNs, overheadNsPerEvent,
        overheadCILow, overheadCIHigh, breakevenNsPerEvent, breakevenCILow, breakevenCIHigh,
        breakevenNote, negligible, bytesPerEntity, bytesPerEntityOverBaseline, floorNsPerEvent,
        floorShare, ratioNetOfFloor, ratioNetCILow, ratioNetCIHigh, estimatedPeakBytes, sweep,
        runRows, estimatedCyclesPerEvent, instructionsSource, entityUnit, modes, slowModeShare,
        slowModeRatio, processCPURatios, layouts,
        intervalUnit, instructionsRefcountPerEvent,
        instructionsAllocPerEvent, instructionsDispatchPerEvent, instructionsExclusivityPerEvent,
        instructionsRuntimeOtherPerEvent, instructionsOwnPerEvent, cpuVendor, cpuFamily,
        cpuModel, cpuStepping, cpuMicrocode, l1dCacheBytes, l2CacheBytes, l3CacheBytes,
        cpuBaseMHz, cpuMaxMHz, hypervisor, callsRetainPerEvent, callsReleasePerEvent,
        callsWeakLoadPerEvent, callsAllocationPerEvent, callsFreePerEvent, callsWitnessPerEvent,
        callsExclusivityPerEvent,
        functions, predictedNsAddedPerEvent, cacheMissesL1dPerEvent, cacheMissesLLPerEvent,
        cacheGeometry, predictedNsAddedLow, predictedNsAddedHigh,
    ]

    /// The column named `name`, if simbench writes one.
    public static func named(_ name: String) -> ResultColumn? {
        all.first { $0.name == name }
    }
}
