import Foundation
import Testing

/// Opens the HTML report in headless Chromium (Debian's `chromium` package; `.ci/run` installs it) and checks
/// what the browser built: both graphs as SVG with their nodes, and the diagnostics table. Also leaves a
/// screenshot at `$TMPDIR/archlint-report-screenshot.png` for a human look.
@Suite struct ChromiumReportTests {
    static let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]

    /// Resolved by absolute path, never through PATH (another test empties PATH).
    static var chromium: String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func reportRendersInHeadlessChromium() throws {
        guard let chromium = Self.chromium else {
            Issue.record("""
                headless Chromium is required for this test and was not found at \(Self.candidates.joined(separator: ", ")). \
                Install it: apt-get install -y --no-install-recommends chromium
                """)
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try SampleReport.write(to: directory.path)
        let page = directory.appendingPathComponent("index.html").absoluteString

        let dom = try Self.run(chromium, ["--dump-dom", page], profile: directory.appendingPathComponent("profile-dom").path)
        #expect(dom.status == 0, "chromium --dump-dom failed: \(dom.errors)")
        let html = dom.output
        #expect(html.components(separatedBy: "<svg").count - 1 == 2, "the page must hold both graphs as SVG")
        #expect(html.contains("<title>AppPackage/ProfileFeature</title>"))
        #expect(html.contains("<title>GachaComponent</title>"))
        #expect(html.contains("<th>Message</th><th>Locations</th><th>Graph</th>"))
        #expect(html.contains("<code>cross-feature-import</code>"))
        #expect(html.contains("<code>AppPackage/Sources/ProfileFeature/ProfileFeature.swift:3:1</code>"))
        // The hostile message stayed text: no script element but the report's own was created.
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        #expect(html.contains("&lt;script&gt;alert('x')&lt;/script&gt;"))

        let screenshot = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-report-screenshot.png")
        try? FileManager.default.removeItem(at: screenshot)
        let shot = try Self.run(
            chromium, ["--screenshot=\(screenshot.path)", "--window-size=1400,2600", "--hide-scrollbars", page],
            profile: directory.appendingPathComponent("profile-shot").path)
        #expect(shot.status == 0, "chromium --screenshot failed: \(shot.errors)")
        let png = try Data(contentsOf: screenshot)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 50_000, "a screenshot with two graphs and a table is not tiny (got \(png.count) bytes)")
    }

    static func run(_ executable: String, _ arguments: [String], profile: String) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile)", "--virtual-time-budget=5000",
        ] + arguments
        // stderr goes to a file, so a chatty chromium can never block on a full pipe while we read stdout.
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let errorPath = profile + "/stderr.log"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer { try? errorFile.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorFile
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), errors)
    }
}
