/// The summary of rows measured on several processors: what each pattern costs across CPUs.
extension RunSummary {
    /// The processors `rows` were measured on, in the order first met.
    public static func processors(_ rows: [Row]) -> [HostProcessor] {
        var seen = Set<HostProcessor>()
        return rows.map(\.processor).filter { seen.insert($0).inserted }
    }

    /// One line per pattern (its dotted name, configurations apart), in the order first met:
    /// the range of its CPU ratio over the hosts (`5.52×–9.70× over 2 hosts`), then a column
    /// per host, headed by its label (`HostProcessor.labels`), holding that host's CPU ratio
    /// with its 95% interval (a host measured in several runs: each run's, in the files'
    /// order).
    public static func acrossHosts(_ rows: [Row]) -> TextTable {
        let hosts = processors(rows)
        var table = TextTable(
            header: ["pattern", "CPU ratio over hosts"] + HostProcessor.labels(hosts))
        table.leftAligned = [0]
        for (_, pattern) in ChartRows.grouped(rows, by: \.name) {
            var cells = [String]()
            var measured = [Double]()
            var hostsMeasured = 0
            for host in hosts {
                let ratios = pattern.filter { $0.processor == host }.compactMap(\.cpuRatio)
                measured += ratios.map(\.value)
                hostsMeasured += ratios.isEmpty ? 0 : 1
                cells.append(
                    ratios.isEmpty
                        ? "—"
                        : ratios.map {
                            "\(NumberFormat.ratio($0.value)) \(NumberFormat.interval($0.low, $0.high, ratio: true))"
                        }.joined(separator: "; "))
            }
            table.rows.append([pattern[0].name, range(measured, hosts: hostsMeasured)] + cells)
        }
        return table
    }

    /// `5.52×–9.70× over 2 hosts`, `7.72× on 1 host`, or `—` without a ratio.
    static func range(_ ratios: [Double], hosts: Int) -> String {
        guard let low = ratios.min(), let high = ratios.max() else { return "—" }
        let span =
            low == high
            ? NumberFormat.ratio(low) : "\(NumberFormat.ratio(low))–\(NumberFormat.ratio(high))"
        return hosts == 1 ? "\(span) on 1 host" : "\(span) over \(hosts) hosts"
    }
}
