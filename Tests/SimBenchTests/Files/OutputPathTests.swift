import Testing

@testable import SimBench

@Suite("output paths")
struct OutputPathTests {
    @Test(
        "path text without NSString",
        arguments: [
            ("a", ".", "a"), ("/a", "/", "a"), ("a/b", "a", "b"), ("a//b", "a", "b"),
            ("/", "/", "/"),
            ("./a.csv", ".", "a.csv"), ("dir/sub/x.csv", "dir/sub", "x.csv"), ("-", ".", "-"),
        ])
    func pathText(path: String, directory: String, name: String) {
        #expect(OutputPath.parentDirectory(of: path) == directory)
        #expect(OutputPath.lastComponent(of: path) == name)
    }
}
