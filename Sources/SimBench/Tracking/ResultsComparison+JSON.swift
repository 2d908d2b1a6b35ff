import Foundation

/// The comparison as JSON (`Format.json`, for `compare` and `ab`): the verdicts for a script to
/// read, so that no script matches the text report with regular expressions.
///
/// One object per judged figure with the row's identity, both values, the change and its
/// interval, the verdict and its reason; then the rows on one side only and the notes about
/// the two runs' environments. The manual's Output article documents every field; a field is
/// added, never renamed or removed, and `schema` changes only when one is.
///
/// The document is written as it is made, a figure at a time, as `JSONEncoder` writes it
/// with `.prettyPrinted`, `.sortedKeys` and `.withoutEscapingSlashes` (`PrettyJSON`), byte
/// for byte: a comparison of a million rows is millions of values, which `JSONEncoder` would
/// hold as a tree of boxed containers and then as the whole text. A test holds the two texts
/// equal.
extension ResultsComparison {
    /// The value of the document's `schema` field.
    public static let jsonSchema = "simbench-comparison-1"

    /// The verdict as a JSON string: `regression`, `improvement`, `layout-shift`,
    /// `moved-with-baseline`, `not-judged`, `unchanged`.
    static func jsonName(_ verdict: MetricComparison.Verdict) -> String {
        switch verdict {
        case .regression: "regression"
        case .improvement: "improvement"
        case .layoutShift: "layout-shift"
        case .movedWithBaseline: "moved-with-baseline"
        case .notJudged: "not-judged"
        case .unchanged: "unchanged"
        }
    }

    /// Every verdict's JSON name, in report order (regressions first).
    public static let jsonVerdicts: [String] = [
        .regression, .improvement, .layoutShift, .movedWithBaseline, .notJudged, .unchanged,
    ].map(jsonName)

    /// Writes the document to `output`, passed on as it fills (`TextOutput.flushIfFull`):
    /// each object's members in the order of their keys' UTF-8 bytes, as `.sortedKeys`
    /// sorts them.
    func writeJSON(into output: inout TextOutput) throws(FileError) {
        var json = JSONLayout()
        json.open(.object, into: &output.bytes)
        json.key("baseline", into: &output.bytes)
        json.side(path: baselinePath, summary: baselineSummary, into: &output.bytes)
        json.key("current", into: &output.bytes)
        json.side(path: currentPath, summary: currentSummary, into: &output.bytes)
        json.key("figures", into: &output.bytes)
        json.open(.array, into: &output.bytes)
        var name = [UInt8]()
        for index in verdicts.indices {
            json.item(into: &output.bytes)
            writeFigure(index, json: &json, name: &name, into: &output.bytes)
            try output.flushIfFull()
        }
        json.close(.array, into: &output.bytes)
        json.key("notes", into: &output.bytes)
        json.open(.array, into: &output.bytes)
        for note in notes {
            json.item(into: &output.bytes)
            PrettyJSON.quote(note, into: &output.bytes)
        }
        json.close(.array, into: &output.bytes)
        for (key, identities) in [
            ("onlyInBaseline", onlyInBaseline), ("onlyInCurrent", onlyInCurrent),
        ] {
            json.key(key, into: &output.bytes)
            json.open(.array, into: &output.bytes)
            for identity in identities {
                json.item(into: &output.bytes)
                json.identity(identity, into: &output.bytes)
                try output.flushIfFull()
            }
            json.close(.array, into: &output.bytes)
        }
        json.key("schema", into: &output.bytes)
        PrettyJSON.quote(ResultsComparison.jsonSchema, into: &output.bytes)
        json.key("tally", into: &output.bytes)
        json.open(.object, into: &output.bytes)
        let tally = [
            ("improvements", improvements), ("layoutShifts", layoutShifts),
            ("movedWithBaseline", movedWithBaseline), ("notJudged", notJudged),
            ("regressions", regressions), ("unchanged", unchanged),
            // Always 0: `ab`'s layout band gave way to its paired test; kept so that a
            // reader of the first documents still finds the field.
            ("withinLayoutBand", 0),
        ]
        for (key, count) in tally {
            json.key(key, into: &output.bytes)
            output.bytes.appendDescription(of: Int64(count))
        }
        json.close(.object, into: &output.bytes)
        json.key("thresholds", into: &output.bytes)
        json.open(.object, into: &output.bytes)
        let figures = [
            ("allocationSlack", thresholds.allocationSlack),
            ("allocations", thresholds.allocations), ("cycles", thresholds.cycles),
            ("instructions", thresholds.instructions),
        ]
        for (key, value) in figures {
            json.key(key, into: &output.bytes)
            PrettyJSON.append(value, to: &output.bytes)
        }
        json.key("judgesAbsoluteTime", into: &output.bytes)
        output.bytes += (thresholds.judgesAbsoluteTime ? "true" : "false").utf8
        json.key("metric", into: &output.bytes)
        PrettyJSON.quote(thresholds.metric.rawValue, into: &output.bytes)
        json.key("ratio", into: &output.bytes)
        PrettyJSON.append(thresholds.ratio, to: &output.bytes)
        json.key("time", into: &output.bytes)
        PrettyJSON.append(thresholds.time, to: &output.bytes)
        json.close(.object, into: &output.bytes)
        json.key("title", into: &output.bytes)
        PrettyJSON.quote(title, into: &output.bytes)
        json.close(.object, into: &output.bytes)
    }

    /// Writes the object of the verdict at `index`: its row's identity flat in it, from the
    /// row's bytes, and `null` for what is absent (never left out, so that every object has
    /// every field). Only a verdict with a paired test or functions is made whole, for them.
    /// `name` is room for the benchmark's name.
    private func writeFigure(
        _ index: Int, json: inout JSONLayout, name: inout [UInt8], into text: inout [UInt8]
    ) {
        let figures = verdicts.figures(at: index)
        let record = verdicts.record(at: index)
        let whole = verdicts.hasExtra(at: index) ? verdicts[index] : nil
        func cell(_ key: StaticString, _ column: ResultColumn) {
            json.key(key, into: &text)
            // The reader refuses a file that is not UTF-8, so each cell is UTF-8.
            record.withCell(column) { PrettyJSON.quote(utf8: $0, into: &text) }
        }
        json.open(.object, into: &text)
        json.key("baseline", into: &text)
        JSONLayout.number(figures.baseline, into: &text)
        json.key("basis", into: &text)
        PrettyJSON.quote(figures.basis.rawValue, into: &text)
        json.key("benchmark", into: &text)
        name.removeAll(keepingCapacity: true)
        record.appendBenchmarkName(to: &name)
        name.withUnsafeBufferPointer { PrettyJSON.quote(utf8: $0, into: &text) }
        json.key("change", into: &text)
        JSONLayout.number(figures.change?.point, into: &text)
        json.key("changeHigh", into: &text)
        JSONLayout.number(figures.change?.high, into: &text)
        json.key("changeLow", into: &text)
        JSONLayout.number(figures.change?.low, into: &text)
        json.key("current", into: &text)
        JSONLayout.number(figures.current, into: &text)
        json.key("detectableChange", into: &text)
        JSONLayout.number(whole?.pairedTest?.detectable, into: &text)
        json.key("functions", into: &text)
        if let functions = whole.flatMap(shownFunctions) {
            json.open(.array, into: &text)
            for change in functions.changes {
                json.item(into: &text)
                json.movedFunction(change, share: functions.share(of: change), into: &text)
            }
            json.close(.array, into: &text)
        } else {
            text += "null".utf8
        }
        json.key("isBaselineVariant", into: &text)
        text += (verdicts.isBaselineVariant(at: index) ? "true" : "false").utf8
        json.key("metric", into: &text)
        PrettyJSON.quote(verdicts.metric(at: index).rawValue, into: &text)
        cell("params", .parameters)
        json.key("reason", into: &text)
        verdicts.withNote(at: index) { PrettyJSON.quote(utf8: $0, into: &text) }
        cell("scenario", .scenario)
        cell("sweep", .sweep)
        cell("variant", .variant)
        json.key("verdict", into: &text)
        PrettyJSON.quote(ResultsComparison.jsonName(verdicts.verdict(at: index)), into: &text)
        json.key("visibleChange", into: &text)
        JSONLayout.number(whole?.pairedTest?.visible, into: &text)
        json.close(.object, into: &text)
    }
}

/// Where a JSON document being written is: the containers open, and whether each has a
/// member yet. It lays the members out as `PrettyJSON` lays out a value (and `JSONEncoder`
/// with `.prettyPrinted`): each on a line of its own, indented two spaces a level, an empty
/// container two lines apart.
private struct JSONLayout {
    enum Container {
        case object, array

        var brackets: (open: UInt8, close: UInt8) {
            switch self {
            case .object: (UInt8(ascii: "{"), UInt8(ascii: "}"))
            case .array: (UInt8(ascii: "["), UInt8(ascii: "]"))
            }
        }
    }

    /// For each container open, whether a member was written in it.
    private var hasMember = [Bool]()

    mutating func open(_ container: Container, into text: inout [UInt8]) {
        text.append(container.brackets.open)
        hasMember.append(false)
    }

    mutating func close(_ container: Container, into text: inout [UInt8]) {
        if !hasMember.removeLast() { text.append(UInt8(ascii: "\n")) }
        text.append(UInt8(ascii: "\n"))
        indent(into: &text)
        text.append(container.brackets.close)
    }

    /// Starts the next item of the array open: its value is written next.
    mutating func item(into text: inout [UInt8]) {
        if hasMember[hasMember.count - 1] { text.append(UInt8(ascii: ",")) }
        hasMember[hasMember.count - 1] = true
        text.append(UInt8(ascii: "\n"))
        indent(into: &text)
    }

    /// Starts the member `key` (a word that needs no escape) of the object open: its value
    /// is written next. An object's members are written in the order of their keys.
    mutating func key(_ key: StaticString, into text: inout [UInt8]) {
        item(into: &text)
        text.append(UInt8(ascii: "\""))
        text.append(
            contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        text += "\" : ".utf8
    }

    /// `key(_:into:)` for a key made at run time.
    mutating func key(_ key: String, into text: inout [UInt8]) {
        item(into: &text)
        PrettyJSON.quote(key, into: &text)
        text += " : ".utf8
    }

    private func indent(into text: inout [UInt8]) {
        text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * hasMember.count))
    }

    /// A finite number, or `null` for none (or one a division made infinite or NaN).
    static func number(_ value: Double?, into text: inout [UInt8]) {
        guard let value, value.isFinite else {
            text += "null".utf8
            return
        }
        PrettyJSON.append(value, to: &text)
    }

    /// A file of the comparison: `{"path", "summary"}`.
    mutating func side(path: String, summary: String, into text: inout [UInt8]) {
        open(.object, into: &text)
        key("path", into: &text)
        PrettyJSON.quote(path, into: &text)
        key("summary", into: &text)
        PrettyJSON.quote(summary, into: &text)
        close(.object, into: &text)
    }

    /// A row's identity, as the CSV's columns name it, and its benchmark's name.
    mutating func identity(_ identity: ResultIdentity, into text: inout [UInt8]) {
        open(.object, into: &text)
        key("benchmark", into: &text)
        PrettyJSON.quote(identity.benchmarkName, into: &text)
        key("params", into: &text)
        PrettyJSON.quote(identity.parameters, into: &text)
        key("scenario", into: &text)
        PrettyJSON.quote(identity.scenario, into: &text)
        key("sweep", into: &text)
        PrettyJSON.quote(identity.sweep, into: &text)
        key("variant", into: &text)
        PrettyJSON.quote(identity.variant, into: &text)
        close(.object, into: &text)
    }

    /// One function that moved (`FunctionDiff.Change`), every field present, `null` where
    /// absent.
    mutating func movedFunction(
        _ change: FunctionDiff.Change, share: Double?, into text: inout [UInt8]
    ) {
        open(.object, into: &text)
        key("baseline", into: &text)
        Self.number(change.baseline, into: &text)
        key("change", into: &text)
        Self.number(change.change, into: &text)
        key("current", into: &text)
        Self.number(change.current, into: &text)
        key("inclusiveBaseline", into: &text)
        Self.number(change.inclusiveBaseline, into: &text)
        key("inclusiveCurrent", into: &text)
        Self.number(change.inclusiveCurrent, into: &text)
        key("mechanism", into: &text)
        PrettyJSON.quote(change.mechanism.rawValue, into: &text)
        key("name", into: &text)
        PrettyJSON.quote(change.name, into: &text)
        key("share", into: &text)
        Self.number(share, into: &text)
        key("side", into: &text)
        PrettyJSON.quote(change.side.rawValue, into: &text)
        close(.object, into: &text)
    }
}
