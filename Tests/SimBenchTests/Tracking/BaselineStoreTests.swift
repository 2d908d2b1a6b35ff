import Testing

@testable import SimBench

@Suite("baseline names")
struct BaselineStoreTests {
    @Test("plain names are accepted", arguments: ["ci", "main-2026.11", "A_b-1", "x"])
    func accepted(name: String) throws {
        try BaselineStore.validate(name)
        #expect(BaselineStore.path(of: name) == "results/baselines/\(name).csv")
    }

    @Test(
        "names that are not plain file names are refused",
        arguments: [
            "", "../x", "a/b", ".hidden", "-x", "a b", "é", String(repeating: "a", count: 101),
        ])
    func refused(name: String) {
        #expect(throws: ValueError(value: name, accepted: BaselineStore.nameRule), "\(name)") {
            try BaselineStore.validate(name)
        }
    }
}
