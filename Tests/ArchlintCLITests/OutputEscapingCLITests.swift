import ArchlintModel
import ArchlintTestSupport
import Foundation
import Testing

/// Issue 37's output cases: a module named with ESC, BEL, a bidi override and a line separator reaches no output
/// raw (`ControlCharacters`): Mermaid (F31), diff JSON (F32) and Markdown, the HTML report, JUnit and Checkstyle.
@Suite struct OutputEscapingCLITests {
    static let evil = "Ev\\u{1B}[31mil\\u{7}\\u{202E}x\\u{2028}y"
    /// App declares something: a target of an empty file nothing depends on links for a client outside, and its
    /// unused dependency on the evil module would not be reported.
    static let appSource = "import Foundation\n\nstruct A {}\n"

    static func manifest(withEvil: Bool) -> String {
        let evilTarget = withEvil ? "\n    .target(name: \"\(evil)\", path: \"Sources/Evil\")," : ""
        let dependency = withEvil ? "\"\(evil)\"" : ""
        return """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "App", dependencies: [\(dependency)], path: "Sources/App"),\(evilTarget)
            ])

            """
    }

    static func package() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-escape-\(UUID().uuidString)")
        try DiffRepository.write([
            "Package.swift": manifest(withEvil: true), "Sources/App/A.swift": Self.appSource,
            "Sources/Evil/E.swift": "public struct E {}\n",
        ], in: root)
        return root
    }

    /// No control character but newline and tab, and the name's escapes are there.
    static func expectEscaped(_ text: String, _ what: String, visible: String? = nil) {
        let raw = text.unicodeScalars.filter { ControlCharacters.isControl($0) && $0 != "\n" && $0 != "\t" }
        #expect(raw.isEmpty, "\(what): raw \(raw.map { String($0.value, radix: 16) })")
        if let visible { #expect(text.contains(visible), "\(what): \(text.prefix(2000))") }
    }

    /// F31.
    @Test func mermaidGraph() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(["graph", root.path, "--format", "mermaid", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        Self.expectEscaped(result.stdout, "mermaid", visible: "Ev#92;u#123;1B#125;#91;31mil#92;u#123;7#125;#92;u#123;202E#125;x")
    }

    /// F32, and the Markdown comment.
    @Test func diffJSONAndMarkdown() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-escape-diff-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try DiffRepository.git(["init", "-q", "-b", "main"], in: root)
        try DiffRepository.write(["Package.swift": Self.manifest(withEvil: false), "Sources/App/A.swift": Self.appSource], in: root)
        try DiffRepository.git(["add", "-A"], in: root)
        try DiffRepository.git(["commit", "-q", "-m", "base"], in: root)
        try DiffRepository.write(["Package.swift": Self.manifest(withEvil: true), "Sources/Evil/E.swift": "public struct E {}\n"], in: root)
        let json = try ProcessResult.archlint(["diff", root.path, "--base", "main", "--format", "json", "--no-cache"])
        #expect(json.status == 0 || json.status == 1, "\(json.stderr)")
        Self.expectEscaped(json.stdout, "diff json", visible: "\\u202e")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8))
        #expect("\(decoded)".contains("x"))
        let markdown = try ProcessResult.archlint(["diff", root.path, "--base", "main", "--format", "markdown", "--no-cache"])
        #expect(markdown.status == 0 || markdown.status == 1, "\(markdown.stderr)")
        Self.expectEscaped(markdown.stdout, "diff markdown")
    }

    /// The HTML report (the page, its SVG pictures and report.json), JUnit and Checkstyle.
    @Test func reportFormats() throws {
        let root = try Self.package()
        defer { try? FileManager.default.removeItem(at: root) }
        let reports = root.appendingPathComponent("out")
        let result = try ProcessResult.archlint([
            "lint", root.path, "--no-cache", "--report-dir", reports.appendingPathComponent("html").path,
            "--report", "junit:\(reports.path)/junit.xml", "--report", "checkstyle:\(reports.path)/checkstyle.xml",
        ])
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let files = FileManager.default.enumerator(atPath: reports.path)?.allObjects as? [String] ?? []
        #expect(files.contains("html/index.html") && files.contains("junit.xml") && files.contains("checkstyle.xml"), "\(files)")
        for file in files where file.contains(".") {
            let text = try String(contentsOf: reports.appendingPathComponent(file), encoding: .utf8)
            Self.expectEscaped(text, file)
        }
        let page = try String(contentsOf: reports.appendingPathComponent("html/index.html"), encoding: .utf8)
        #expect(page.contains("Ev\\u{1B}[31mil\\u{7}\\u{202E}x\\u{2028}y"))
        let junit = try String(contentsOf: reports.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.contains("Ev\\u{1B}[31mil\\u{7}\\u{202E}x\\u{2028}y"))
    }
}
