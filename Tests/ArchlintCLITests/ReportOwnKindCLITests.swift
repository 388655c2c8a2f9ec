import ArchlintModel
import ArchlintTestSupport
import Foundation
import Rendering
import SystemSupport
import Testing

/// Reports replace only what archlint wrote (issue 37: "never replaces a file that isn't its own kind"): each
/// command's every output format written twice to one path (the second run replaces the first without `--force`),
/// and `Package.swift`, or a symlink inside the repository leading to it, refused with exit 2 and left as it was.
@Suite struct ReportOwnKindCLITests {
    /// Every command that writes a report, `OUT` standing for its destination.
    static func writers(_ root: URL, base: String) -> [[String]] {
        let analysed = [root.path, "--cache-dir", root.appendingPathComponent(".cache").path]
        var result: [[String]] = []
        for format in ["json", "dot", "mermaid", "svg", "png", "pdf"] {
            result.append(["graph"] + analysed + ["--format", format, "-o", "OUT"])
        }
        result.append(["graph"] + analysed + ["--kind", "layers", "--format", "svg", "-o", "OUT"])
        for format in ["text", "json", "csv"] { result.append(["metrics"] + analysed + ["--format", format, "-o", "OUT"]) }
        for format in ["text", "json"] {
            result.append(["affected"] + analysed + ["--since", base, "--format", format, "-o", "OUT"])
        }
        for format in ["text", "json", "markdown", "svg", "png"] {
            result.append(["diff"] + analysed + ["--base", base, "--format", format, "-o", "OUT"])
        }
        for format in ["text", "json", "sarif", "junit", "checkstyle", "github", "markdown"] {
            result.append(["lint"] + analysed + ["--report", "\(format):OUT"])
        }
        return result
    }

    static func replacing(_ arguments: [String], with path: String) -> [String] {
        arguments.map { $0 == "OUT" ? path : $0.replacingOccurrences(of: ":OUT", with: ":" + path) }
    }

    @Test func everyFormatReplacesItsOwnOutputAndRefusesPackageSwift() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let root = repository.root
        let package = root.appendingPathComponent("Package.swift")
        let manifest = try Data(contentsOf: package)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("linked-report").path, withDestinationPath: "Package.swift")
        for (index, writer) in Self.writers(root, base: repository.base).enumerated() {
            let output = root.appendingPathComponent("reports/out\(index)").path
            for run in 1...2 {
                let result = try ProcessResult.archlint(Self.replacing(writer, with: output))
                #expect(result.status == 0 || result.status == 1, "run \(run) of \(writer): \(result.stderr)")
            }
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            #expect(FileKind.report.recognizes(Array(written)), "\(writer) wrote what archlint doesn't recognise")
            for victim in [package.path, root.appendingPathComponent("linked-report").path] {
                let refused = try ProcessResult.archlint(Self.replacing(writer, with: victim))
                #expect(refused.status == 2, "\(writer) over \(victim)")
                #expect(refused.stderr.contains("is not a report archlint wrote; archlint replaces only its own files "
                    + "(--force replaces it)"), "\(writer): \(refused.stderr)")
                #expect(try Data(contentsOf: package) == manifest, "\(writer) replaced Package.swift")
            }
        }
    }

    @Test func forceReplacesAnyFile() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let notes = repository.root.appendingPathComponent("notes.json")
        try Data(#"{"hand": "written"}"#.utf8).write(to: notes)
        let refused = try ProcessResult.archlint(["graph", repository.root.path, "--no-cache", "-o", notes.path])
        #expect(refused.status == 2)
        #expect(try String(contentsOf: notes, encoding: .utf8) == #"{"hand": "written"}"#)
        let forced = try ProcessResult.archlint(["graph", repository.root.path, "--no-cache", "-o", notes.path, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8).hasPrefix("{\n  \"kind\": \"modules\""))
    }

    /// The review report's files: its own replaced, a picture turned into a link to Package.swift refused.
    @Test func reportDirectoryReplacesOnlyItsOwnFiles() throws {
        let repository = try DiffRepository.make()
        defer { repository.remove() }
        let root = repository.root
        let directory = root.appendingPathComponent("review")
        for _ in 1...2 {
            let result = try ProcessResult.archlint(["lint", root.path, "--no-cache", "--report-dir", directory.path])
            #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        }
        let package = root.appendingPathComponent("Package.swift")
        let manifest = try Data(contentsOf: package)
        let picture = directory.appendingPathComponent("modules.svg")
        try FileManager.default.removeItem(at: picture)
        try FileManager.default.createSymbolicLink(atPath: picture.path, withDestinationPath: package.path)
        let refused = try ProcessResult.archlint(["lint", root.path, "--no-cache", "--report-dir", directory.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("is not a report archlint wrote"), "\(refused.stderr)")
        #expect(try Data(contentsOf: package) == manifest)
    }

    @Test func signaturesTellArchlintsOutputsFromOtherFiles() {
        let others = [
            "// swift-tools-version: 5.9\nimport PackageDescription\n", "[core]\n\trepositoryformatversion = 0\n",
            #"{"images": [], "info": {"author": "xcode"}}"#, "name: App\ntargets: {}\n",
            "{\n  \"tool\": \"archlint\",\n  \"version\": 1,\n  \"violations\": []\n}\n",  // a baseline isn't a report
            "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"></plist>\n",
        ]
        for text in others { #expect(!FileKind.report.recognizes(Array(text.utf8)), "\(text)") }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [0, 0, 0, 13] + Array("IHDR".utf8)
            + Array(repeating: 0, count: 17) + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        #expect(!FileKind.report.recognizes(png), "an app icon isn't archlint's")
        #expect(FileKind.report.recognizes(PictureStamp.stamped(png)))
        #expect(PictureStamp.stamped(PictureStamp.stamped(png)) == PictureStamp.stamped(png))
    }
}
