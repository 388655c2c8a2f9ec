import Foundation
import ArchlintModel
@testable import Scaffolding
import Testing

@Suite struct UnifiedDiffTests {
    /// The same hunks as `diff -u` (headers aside), on edits at the start, the middle and the end.
    @Test(arguments: 0..<6)
    func matchesDiffU(seed: Int) throws {
        let old = (1...40).map { "line \($0)" }
        var new = old
        switch seed {
        case 0: new.insert("first", at: 0)
        case 1: new.remove(at: 20)
        case 2: new[10] = "changed"; new.append("last")
        case 3: new.insert(contentsOf: ["a", "b"], at: 5); new.remove(at: 35)
        case 4: new = []
        default: new[39] = "end"
        }
        let oldText = old.joined(separator: "\n") + "\n", newText = new.isEmpty ? "" : new.joined(separator: "\n") + "\n"
        let ours = UnifiedDiff.make(old: oldText, new: newText, oldName: "a", newName: "b")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(oldText.utf8).write(to: folder.appendingPathComponent("a"))
        try Data(newText.utf8).write(to: folder.appendingPathComponent("b"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["-u", "a", "b"]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let body = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).joined(separator: "\n") }
        #expect(body(ours) == body(output))
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(UnifiedDiff.make(old: "a\n", new: "a\n", oldName: "a", newName: "b") == "")
    }
}

@Suite struct EmbeddedTemplateTests {
    /// scripts/embed-presets.sh compiled Templates/ in; run it after editing a template.
    @Test func embeddedTemplatesEqualTheFiles() throws {
        let folder = ScaffoldFixtures.packageRoot.appendingPathComponent("Templates")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".stencil") }
        #expect(Set(names.map { String($0.dropLast(".stencil".count)) }) == Set(EmbeddedTemplates.templates.keys))
        for name in names {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(EmbeddedTemplates.templates[String(name.dropLast(".stencil".count))] == text, "\(name): run scripts/embed-presets.sh")
        }
    }

    @Test func overrideReplacesTheBuiltInTemplate() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".archlint/templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("import NeedleFoundation\n\n// Team header\nprotocol {{ dependency }}: Dependency {}\n\nfinal class {{ component }}: Component<{{ dependency }}> {}\n".utf8)
            .write(to: folder.appendingPathComponent("component.stencil"))
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root)
        #expect(plan.files.first?.contents.contains("// Team header") == true)
    }
}
