import Testing

@testable import SimBench

/// A table shows a ratio net of the floor only when it means something: with an interval of
/// two finite bounds, over a baseline whose margin above the floor is beyond its own spread.
@Suite("net of floor shown only when it means something")
struct NetOfFloorShownTests {
    static func row(net: Estimate?, floorShare: Double? = 0.5, cv: Double = 0.05) -> ResultRow {
        var row = ResultRow.measured(cv: cv)
        row.ratioNetOfFloor = net
        row.floorShare = floorShare
        return row
    }

    @Test("a net ratio with a bounded interval over a baseline well above its floor is shown")
    func shown() {
        let net = Estimate(value: 1.8, low: 1.6, high: 2.0)
        #expect(Self.row(net: net).meaningfulNetOfFloor(baseline: Self.row(net: nil)) == net)
    }

    @Test("no interval, or an unbounded side: not shown (149.34× —)")
    func noInterval() {
        let baseline = Self.row(net: nil)
        for net in [
            Estimate(value: 149.34), Estimate(value: 149.34, low: 3, high: .infinity),
            Estimate(value: 192.93, low: nil, high: 400),
        ] {
            #expect(Self.row(net: net).meaningfulNetOfFloor(baseline: baseline) == nil, "\(net)")
        }
    }

    @Test("a baseline within its own spread of the floor: not shown, even with an interval")
    func denominatorInNoise() {
        let net = Estimate(value: 40, low: 9.35, high: 113.16)
        // The floor is 97% of the baseline, whose rounds spread 5%: a margin of 3% is noise.
        let close = Self.row(net: nil, floorShare: 0.97, cv: 0.05)
        #expect(Self.row(net: net).meaningfulNetOfFloor(baseline: close) == nil)
        // The same margin over a baseline that spreads 1% is a measured one.
        let steady = Self.row(net: nil, floorShare: 0.97, cv: 0.01)
        #expect(Self.row(net: net).meaningfulNetOfFloor(baseline: steady) == net)
    }
}
