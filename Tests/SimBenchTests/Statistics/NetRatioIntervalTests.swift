import SimBenchCore
import Testing

@testable import SimBench

@Suite("statistics: ratio net of the floor")
struct NetRatioIntervalTests {
    @Test("the floor is taken out of both sides, round by round")
    func netOfFloor() throws {
        // The floor drifts from round to round, and the drift hits all three samples of a
        // round alike: net of it, the variant costs exactly 3× the baseline.
        let floor = noisySamples(center: 60, spread: 0.2, count: 25, seed: 3)
        let baseline = floor.map { $0 + 10 }
        let variant = floor.map { $0 + 30 }
        let net = try #require(NetRatioInterval(variant: variant, baseline: baseline, floor: floor))
        #expect(abs(net.estimate - 3) < 1e-12)
        #expect(
            abs(net.interval.lower - 3) < 1e-12 && abs(net.interval.upper - 3) < 1e-12, "\(net)")
        #expect(net.rounds == 25)
        // The gross ratio of the same rounds is much nearer 1: most of each sample is floor.
        let gross = try #require(RatioInterval(variant: variant, baseline: baseline))
        #expect(gross.estimate < 1.4)
    }

    @Test("the baseline is 1 and the floor 0, net of the floor")
    func identities() throws {
        let floor = noisySamples(center: 40, spread: 0.05, count: 12, seed: 8)
        let baseline = noisySamples(center: 100, spread: 0.05, count: 12, seed: 9)
        let one = try #require(
            NetRatioInterval(variant: baseline, baseline: baseline, floor: floor))
        #expect(one.estimate == 1 && one.interval.lower == 1 && one.interval.upper == 1)
        let zero = try #require(NetRatioInterval(variant: floor, baseline: baseline, floor: floor))
        #expect(zero.estimate == 0 && zero.interval.lower == 0 && zero.interval.upper == 0)
    }

    @Test("noisy net ratios cover the truth and are reproducible")
    func noisy() throws {
        var covered = 0
        for seed: UInt64 in 0..<20 {
            let floor = noisySamples(center: 50, spread: 0.02, count: 30, seed: seed)
            let baseline = noisySamples(center: 100, spread: 0.02, count: 30, seed: seed + 100)
            let variant = noisySamples(center: 150, spread: 0.02, count: 30, seed: seed + 200)
            let net = try #require(
                NetRatioInterval(variant: variant, baseline: baseline, floor: floor))
            if net.interval.contains(2) { covered += 1 }
            #expect(net == NetRatioInterval(variant: variant, baseline: baseline, floor: floor))
        }
        #expect(covered >= 17, "the 95% interval covered the true net ratio 2 in \(covered) of 20")
    }

    @Test(
        "no net ratio when the series are not paired or the baseline's net median is not positive")
    func undefined() {
        #expect(NetRatioInterval(variant: [], baseline: [], floor: []) == nil)
        #expect(NetRatioInterval(variant: [3, 3], baseline: [2, 2], floor: [1]) == nil)
        #expect(NetRatioInterval(variant: [3, 3], baseline: [2], floor: [1, 1]) == nil)
        #expect(
            NetRatioInterval(variant: [3, 3, 3], baseline: [1, 1, 1], floor: [1, 1, 1]) == nil)
        #expect(
            NetRatioInterval(variant: [3, 3, 3], baseline: [2, 0.5, 1], floor: [1, 1, 1]) == nil)
        // A variant below the floor gives a negative net ratio, not none.
        let below = NetRatioInterval(
            variant: [0.5, 0.5, 0.5], baseline: [2, 2, 2], floor: [1, 1, 1])
        #expect(below?.estimate == -0.5)
    }

    @Test(
        "rounds whose baseline sinks below the floor leave the interval unbounded, not the estimate"
    )
    func unbounded() throws {
        // Net baselines 1, 1, 1, -0.5, -0.5: the median is 1, but many resamples draw mostly
        // the two bad rounds, where the ratio has no finite value.
        let net = try #require(
            NetRatioInterval(
                variant: [4, 4, 4, 4, 4], baseline: [2, 2, 2, 0.5, 0.5], floor: [1, 1, 1, 1, 1]))
        #expect(net.estimate == 3)
        #expect(net.interval.upper == .infinity)
        #expect(net.interval.lower.isFinite && net.interval.lower <= 3)
        #expect(!net.isBounded)
    }

    @Test(
        "the baseline's own row is 1 and the floor's 0 even in rounds where the baseline sinks below the floor"
    )
    func identitiesWhenNoisy() throws {
        let floor: [Double] = [1, 1, 1, 1, 1]
        let baseline: [Double] = [2, 2, 2, 0.5, 0.5]
        let one = try #require(
            NetRatioInterval(variant: baseline, baseline: baseline, floor: floor))
        #expect(one.estimate == 1 && one.interval.lower == 1 && one.interval.upper == 1)
        let zero = try #require(NetRatioInterval(variant: floor, baseline: baseline, floor: floor))
        #expect(zero.estimate == 0 && zero.interval.lower == 0 && zero.interval.upper == 0)
    }

    @Test("percentiles between a finite value and an infinite one are infinite, not NaN")
    func percentileWithInfinities() {
        let sorted: [Double] = [1, 2, 3, .infinity]
        #expect(NetRatioInterval.percentile(sorted, 0) == 1)
        #expect(NetRatioInterval.percentile(sorted, 0.5) == 2.5)
        #expect(NetRatioInterval.percentile(sorted, 0.9) == .infinity)
        #expect(NetRatioInterval.percentile([-.infinity, 1], 0.5) == -.infinity)
        #expect(NetRatioInterval.percentile([.infinity, .infinity], 0.5) == .infinity)
    }
}
