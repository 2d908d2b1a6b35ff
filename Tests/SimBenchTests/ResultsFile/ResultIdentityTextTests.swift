import Testing

@testable import SimBench

/// How an identity reads in text: its configuration (the scenario, then its parameters and
/// sweep point in brackets) and its description (the configuration, then the variant).
@Suite("identity text: configuration and description")
struct ResultIdentityTextTests {
    @Test(
        "the parameters and the sweep point go in brackets, ';' between them, none without either",
        arguments: [
            ("", "", "vending", "vending table"),
            ("products=40", "", "vending[products=40]", "vending[products=40] table"),
            ("", "machines=1000", "vending[machines=1000]", "vending[machines=1000] table"),
            (
                "products=40", "machines=1000", "vending[products=40;machines=1000]",
                "vending[products=40;machines=1000] table"
            ),
        ])
    func text(parameters: String, sweep: String, configuration: String, description: String) {
        let identity = ResultIdentity(
            scenario: "vending", parameters: parameters, sweep: sweep, variant: "table")
        #expect(identity.configuration == configuration)
        #expect(identity.description == description)
        #expect("\(identity)" == description)
    }
}
