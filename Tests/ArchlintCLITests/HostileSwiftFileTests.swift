import ArchlintTestSupport
import Foundation
import Testing

/// Issue 18 through the built binary: one hostile Swift file used to kill the whole run (segfault, no output) or
/// stall it. Now the run ends with its normal exit code, the file gets a `file-too-complex` warning where the
/// scanner stopped, and the other files' findings are still reported. Run as a child process, so a crash fails
/// this test instead of killing the test runner.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct HostileSwiftFileTests {
    static let shapes: [(name: String, body: String, location: String)] = [
        ("5,000 [", "func f() {\n" + String(repeating: "[", count: 5_000) + "\n}\n", "Deep.swift:3:13:"),
        ("10,000 Array<", "let z: " + String(repeating: "Array<", count: 10_000) + "Int" + String(repeating: ">", count: 10_000) + "\n",
         "Deep.swift:2:1549:"),
        ("10,000 () ->", "let t: " + String(repeating: "() -> ", count: 10_000) + "Int\n", "Deep.swift:2:"),
        ("20,000 #if", String(repeating: "#if A\n", count: 20_000), "Deep.swift:34:1:"),
        ("5,000 \"\\(", "let s = " + String(repeating: "\"\\(", count: 5_000) + "\n", "Deep.swift:2:106:"),
        ("100 nested empty [", "let a = " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n",
         "Deep.swift:2:21:"),
    ]

    /// The cross-feature import of `CIGateTests`' repository (an error, exit 1) plus one hostile file in Common.
    static func repository(hostile body: String) throws -> URL {
        let root = try CIGateTests.makeRepository()
        try ("import Foundation\n" + body).write(
            to: root.appendingPathComponent("Sources/Common/Deep.swift"), atomically: true, encoding: .utf8)
        return root
    }

    @Test(arguments: shapes.indices)
    func hostileFileIsReportedAndTheRestStillAnalysed(index: Int) throws {
        let shape = Self.shapes[index]
        let root = try Self.repository(hostile: shape.body)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(result.status == 1, "\(shape.name): exit \(result.status), stderr: \(result.stderr.prefix(500))")
        #expect(result.stdout.contains("cross-feature-import"), "\(shape.name): the other files' finding is missing")
        let line = result.stdout.split(separator: "\n").first { $0.contains("[file-too-complex]") }
        #expect(line?.contains("Sources/Common/" + shape.location) == true, "\(shape.name): \(line ?? "no file-too-complex")")
    }

    /// Past the size bound the file is not parsed; its imports still count (here: a cross-feature import).
    @Test func oversizedFileStillContributesItsImports() throws {
        let root = try CIGateTests.makeRepository(warningOnly: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let declaration = "struct S {\n    let value = [1, 2, 3]\n}\n"
        let big = "import GachaFeature\n" + String(repeating: declaration, count: (5 << 20) / declaration.utf8.count)
        try big.write(to: root.appendingPathComponent("Sources/HomeFeature/Big.swift"), atomically: true, encoding: .utf8)
        let result = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect(result.status == 1, "stderr: \(result.stderr.prefix(500))")
        #expect(result.stdout.contains("Sources/HomeFeature/Big.swift:1:1: warning: file is 5.0 MB, more than the 4.0 MB"))
        #expect(result.stdout.contains("Sources/HomeFeature/Big.swift:1:1: error:") && result.stdout.contains("cross-feature-import"))
    }
}
