import ArchlintTestSupport
import ChildProcesses
import Foundation
import Testing

/// The real Mermaid parser (mermaid.min.js, run by `mermaid.parse` in headless Chromium) over archlint's Mermaid
/// output. Needs `chromium` on PATH and mermaid.min.js (`scripts/fetch-mermaid.sh`, or `ARCHLINT_MERMAID_JS`).
enum HeadlessMermaid {
    static var script: String? {
        let candidates: [String?] = [
            ProcessInfo.processInfo.environment["ARCHLINT_MERMAID_JS"],
            FixturePaths.packageRoot.appendingPathComponent(".build/mermaid/artoo_mermaid/assets/mermaid.min.js").path,
        ]
        return candidates.compactMap { $0 }.first { FileManager.default.fileExists(atPath: $0) }
    }

    static var chromium: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(directory)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    static var isAvailable: Bool { script != nil && chromium != nil }

    /// "ok" or "error: …" per diagram, from `mermaid.parse`.
    static func parse(_ diagrams: [String]) throws -> [String] {
        guard let script, let chromium else { return [] }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-mermaid-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = String(decoding: try JSONEncoder().encode(diagrams), as: UTF8.self)
        let page = """
            <!DOCTYPE html><html><body><pre id="out">pending</pre>
            <script src="file://\(script)"></script>
            <script>
            const diagrams = \(json.replacingOccurrences(of: "</", with: "<\\/"));
            (async () => {
              const results = [];
              for (const d of diagrams) {
                try { await mermaid.parse(d); results.push("ok"); }
                catch (e) { results.push("error: " + String(e.message || e).split("\\n").slice(0, 3).join(" ")); }
              }
              document.getElementById("out").textContent = "RESULT" + JSON.stringify(results) + "END";
            })();
            </script></body></html>
            """
        let file = directory.appendingPathComponent("page.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(ChildProcess.Request(
            executable: chromium,
            arguments: ["--headless", "--no-sandbox", "--disable-gpu", "--allow-file-access-from-files",
                        "--user-data-dir=\(directory.path)/profile", "--virtual-time-budget=20000", "--dump-dom",
                        file.absoluteString],
            timeoutSeconds: 120, outputLimit: 64 << 20))
        let dom = String(decoding: outcome.standardOutput, as: UTF8.self)
        guard let start = dom.range(of: "RESULT["), let end = dom.range(of: "]END", range: start.upperBound..<dom.endIndex) else {
            Issue.record("chromium gave no result: \(outcome.statusText) \(outcome.standardError.suffix(500))")
            return []
        }
        let body = "[" + dom[start.upperBound..<end.lowerBound] + "]"
        // --dump-dom serialises the text with HTML entities.
        let unescaped = body.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode([String].self, from: Data(unescaped.utf8))
    }

    /// The body of every ```` ```mermaid ```` block in `markdown`.
    static func blocks(_ markdown: String) -> [String] {
        var result: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```mermaid" {
                current = []
            } else if current != nil, line == "```" {
                result.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return result
    }
}

@Suite(.serialized) struct DiffMermaidTests {
    /// A base with `count` modules and a head in which every one of them imports and declares `Core`.
    static func wideChange(count: Int) throws -> (root: URL, base: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-wide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let names = (1...count).map { String(format: "Module%03d", $0) }
        func manifest(dependsOnCore: Bool) -> String {
            let targets = names.map { ".target(name: \"\($0)\"\(dependsOnCore ? ", dependencies: [\"Core\"]" : ""))," }
            return "// swift-tools-version: 5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"Wide\",\n    targets: [\n        .target(name: \"Core\"),\n"
                + targets.map { "        " + $0 }.joined(separator: "\n") + "\n    ]\n)\n"
        }
        var files = ["Package.swift": manifest(dependsOnCore: false), "Sources/Core/Core.swift": "public struct Core {}\n"]
        for name in names { files["Sources/\(name)/\(name).swift"] = "public struct \(name)Type {}\n" }
        try DiffRepository.git(["init", "-q", "-b", "main"], in: root)
        try DiffRepository.write(files, in: root)
        try DiffRepository.git(["add", "-A"], in: root)
        try DiffRepository.git(["commit", "-q", "-m", "base"], in: root)
        let base = try DiffRepository.git(["rev-parse", "HEAD"], in: root).trimmingCharacters(in: .whitespacesAndNewlines)
        files = ["Package.swift": manifest(dependsOnCore: true)]
        for name in names { files["Sources/\(name)/\(name).swift"] = "import Core\n\npublic struct \(name)Type {}\n" }
        try DiffRepository.write(files, in: root)
        return (root, base)
    }

    /// A change touching 100 modules stays under the diagram's caps and says what it left out.
    @Test func hundredModuleChangeStaysUnderTheCap() throws {
        let (root, base) = try Self.wideChange(count: 100)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessResult.archlint(["diff", root.path, "--base", base, "--format", "markdown", "--no-cache"])
        #expect(result.status == 0, "\(result.stderr)")
        let blocks = HeadlessMermaid.blocks(result.stdout)
        #expect(blocks.count == 1)
        let lines = blocks.first?.split(separator: "\n") ?? []
        let nodes = lines.filter { $0.range(of: #"^  n\d+\["#, options: .regularExpression) != nil }
        let links = lines.filter { $0.contains(" --> ") || $0.contains(" -.-> ") }
        #expect(nodes.count <= 40 && nodes.count > 0, "\(nodes.count) nodes")
        #expect(links.count <= 80 && links.count > 0, "\(links.count) links")
        #expect(result.stdout.contains("not drawn"), "the caps' note is missing")
        #expect(result.stdout.contains("stroke:#1a7f37"), "added edges are green")
        #expect(result.stdout.contains("200 module edges added"), "\(result.stdout.prefix(400))")
    }

    @Test(.enabled(if: HeadlessMermaid.isAvailable, "needs chromium on PATH and mermaid.min.js (scripts/fetch-mermaid.sh)"))
    func realMermaidParserAcceptsTheDiagrams() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let diff = try ProcessResult.archlint([
            "diff", repository.root.path, "--base", repository.base, "--format", "markdown", "--no-cache",
        ])
        let (wideRoot, wideBase) = try Self.wideChange(count: 100)
        defer { try? FileManager.default.removeItem(at: wideRoot) }
        let wide = try ProcessResult.archlint(["diff", wideRoot.path, "--base", wideBase, "--format", "markdown", "--no-cache"])
        let lint = try ProcessResult.archlint(["lint", repository.root.path, "--format", "markdown", "--no-cache"])
        let diagrams = HeadlessMermaid.blocks(diff.stdout) + HeadlessMermaid.blocks(wide.stdout) + HeadlessMermaid.blocks(lint.stdout)
        #expect(diagrams.count == 3)
        // The parser is real: a broken diagram is rejected.
        let results = try HeadlessMermaid.parse(diagrams + ["flowchart LR\n  n1[\"unclosed\n"])
        #expect(results.count == diagrams.count + 1)
        #expect(Array(results.prefix(diagrams.count)) == Array(repeating: "ok", count: diagrams.count), "\(results)")
        #expect(results.last?.hasPrefix("error") == true, "\(results)")
    }
}
