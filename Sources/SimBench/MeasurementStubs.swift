import Glibc

// Temporary until the measurement helpers land.
enum AllocationCounter {
    static func count() -> UInt64? { nil }
}

enum ResourceUsage {
    static func cpuNanoseconds() -> UInt64 {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let user = UInt64(usage.ru_utime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_utime.tv_usec) * 1000
        let system = UInt64(usage.ru_stime.tv_sec) * 1_000_000_000 + UInt64(usage.ru_stime.tv_usec) * 1000
        return user + system
    }
}

extension ResourceUsage {
    static func residentBytes() -> UInt64? { nil }
    static func peakResidentBytes() -> UInt64? { nil }
    static func resetPeakResident() {}
}

extension TimeStatistics {
    // Temporary until the statistics land.
    init(samples: [Double]) {
        let m = SimBench.median(samples)
        self.init(
            median: m, min: samples.min() ?? .nan, max: samples.max() ?? .nan, mean: m,
            standardDeviation: .nan, coefficientOfVariation: .nan, p10: .nan, p90: .nan,
            medianLow: .nan, medianHigh: .nan, mildOutliers: 0, severeOutliers: 0)
    }
}

struct RatioEstimate {
    var ratio: Double
    var low: Double?
    var high: Double?
    init(variant: [Double], baseline: [Double]) {
        ratio = median(variant) / median(baseline)
    }
}
