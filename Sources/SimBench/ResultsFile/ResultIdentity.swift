/// Which measurement a results row is: (scenario, parameters, sweep point, variant).
///
/// Two rows with the same identity in two runs measured the same thing, so they can be
/// compared; two rows with the same identity in one run are a broken file. The sweep point
/// (`machines=1000`, the CSV's `sweep` column) is empty outside a sweep, so rows of runs
/// that sweep nothing match as they always did, whatever their machines.
public struct ResultIdentity: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var scenario: String
    /// `key=value;key=value` as stored in the CSV's `params` column.
    public var parameters: String
    /// `machines=1000;actors=4` as stored in the CSV's `sweep` column; empty outside a sweep.
    public var sweep: String
    public var variant: String

    public init(scenario: String, parameters: String, sweep: String = "", variant: String) {
        self.scenario = scenario
        self.parameters = parameters
        self.sweep = sweep
        self.variant = variant
    }

    /// `vending[products=40]`, `vending[machines=1000]`, or `selftest` without parameters.
    public var configuration: String {
        text { scenario, parameters, sweep, _, text in
            ResultIdentity.appendConfiguration(
                scenario: scenario, parameters: parameters, sweep: sweep, to: &text)
        }
    }

    /// Appends the `configuration` of the identity whose parts are these UTF-8 bytes to
    /// `text`: the scenario, then the parameters and the sweep point (what sets a
    /// configuration apart from others of its scenario), `;`-separated in brackets.
    static func appendConfiguration(
        scenario: UnsafeBufferPointer<UInt8>, parameters: UnsafeBufferPointer<UInt8>,
        sweep: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]
    ) {
        let room = scenario.count + bracketsCount(parameters: parameters.count, sweep: sweep.count)
        StackBytes.append(room: room, to: &text) { configuration in
            configuration.add(scenario)
            addBrackets(parameters: parameters, sweep: sweep, to: &configuration)
        }
    }

    /// The bytes `addBrackets` adds for parameters and a sweep point of these many bytes.
    private static func bracketsCount(parameters: Int, sweep: Int) -> Int {
        guard parameters > 0 || sweep > 0 else { return 0 }
        return 2 + parameters + sweep + (parameters > 0 && sweep > 0 ? 1 : 0)
    }

    /// `[products=40;machines=1000]`: the parameters and the sweep point, `;`-separated in
    /// brackets; nothing where both are empty.
    private static func addBrackets(
        parameters: UnsafeBufferPointer<UInt8>, sweep: UnsafeBufferPointer<UInt8>,
        to text: inout StackBytes
    ) {
        guard !parameters.isEmpty || !sweep.isEmpty else { return }
        text.add(UInt8(ascii: "["))
        text.add(parameters)
        if !parameters.isEmpty, !sweep.isEmpty { text.add(UInt8(ascii: ";")) }
        text.add(sweep)
        text.add(UInt8(ascii: "]"))
    }

    /// `vending.state-objects[products=40]`: the dotted benchmark name, parameters and the
    /// sweep point last so that names sort by scenario and variant.
    public var benchmarkName: String {
        text { scenario, parameters, sweep, variant, text in
            ResultIdentity.appendBenchmarkName(
                scenario: scenario, parameters: parameters, sweep: sweep, variant: variant,
                to: &text)
        }
    }

    /// Appends the `benchmarkName` of the identity whose parts are these UTF-8 bytes to
    /// `text`: for an identity, and for a row printed from its file's bytes
    /// (`ResultsRecord.appendBenchmarkName`). Written on the stack and appended once
    /// (`StackBytes`): exports and comparisons write one for every row.
    static func appendBenchmarkName(
        scenario: UnsafeBufferPointer<UInt8>, parameters: UnsafeBufferPointer<UInt8>,
        sweep: UnsafeBufferPointer<UInt8>, variant: UnsafeBufferPointer<UInt8>,
        to text: inout [UInt8]
    ) {
        let room = benchmarkNameCount(
            scenario: scenario.count, parameters: parameters.count, sweep: sweep.count,
            variant: variant.count)
        StackBytes.append(room: room, to: &text) { name in
            addBenchmarkName(
                scenario: scenario, parameters: parameters, sweep: sweep, variant: variant,
                to: &name)
        }
    }

    /// The bytes of the `benchmarkName` of the identity whose parts have these many bytes.
    static func benchmarkNameCount(scenario: Int, parameters: Int, sweep: Int, variant: Int)
        -> Int
    {
        scenario + 1 + variant + bracketsCount(parameters: parameters, sweep: sweep)
    }

    /// Adds the `benchmarkName` of the identity whose parts are these UTF-8 bytes to `name`:
    /// `benchmarkNameCount` bytes, for a line written on the stack.
    static func addBenchmarkName(
        scenario: UnsafeBufferPointer<UInt8>, parameters: UnsafeBufferPointer<UInt8>,
        sweep: UnsafeBufferPointer<UInt8>, variant: UnsafeBufferPointer<UInt8>,
        to name: inout StackBytes
    ) {
        name.add(scenario)
        name.add(UInt8(ascii: "."))
        name.add(variant)
        addBrackets(parameters: parameters, sweep: sweep, to: &name)
    }

    /// `vending[products=40] state-objects`: the configuration, then the variant.
    public var description: String {
        text { scenario, parameters, sweep, variant, text in
            ResultIdentity.appendDescription(
                scenario: scenario, parameters: parameters, sweep: sweep, variant: variant,
                to: &text)
        }
    }

    /// Appends the `description` of the identity whose parts are these UTF-8 bytes to
    /// `text`: for an identity, and for a row printed from its bytes (a coverage proof's
    /// table of a million rows).
    static func appendDescription(
        scenario: UnsafeBufferPointer<UInt8>, parameters: UnsafeBufferPointer<UInt8>,
        sweep: UnsafeBufferPointer<UInt8>, variant: UnsafeBufferPointer<UInt8>,
        to text: inout [UInt8]
    ) {
        appendConfiguration(scenario: scenario, parameters: parameters, sweep: sweep, to: &text)
        text.append(UInt8(ascii: " "))
        text += variant
    }

    /// The text `append` writes from the identity's parts as UTF-8 bytes.
    private func text(
        _ append: (
            _ scenario: UnsafeBufferPointer<UInt8>, _ parameters: UnsafeBufferPointer<UInt8>,
            _ sweep: UnsafeBufferPointer<UInt8>, _ variant: UnsafeBufferPointer<UInt8>,
            _ text: inout [UInt8]
        ) -> Void
    ) -> String {
        var (scenario, parameters, sweep, variant) = (
            self.scenario, self.parameters, self.sweep, self.variant
        )
        var text = [UInt8]()
        scenario.withUTF8 { scenario in
            parameters.withUTF8 { parameters in
                sweep.withUTF8 { sweep in
                    variant.withUTF8 { variant in
                        append(scenario, parameters, sweep, variant, &text)
                    }
                }
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    public static func < (a: ResultIdentity, b: ResultIdentity) -> Bool {
        (a.scenario, a.parameters, a.sweep, a.variant) < (
            b.scenario, b.parameters, b.sweep, b.variant
        )
    }
}
