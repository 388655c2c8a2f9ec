import Foundation
import Scaffolding
import Testing

/// Each variant of `new component` scaffolded into a copy of Fixtures/scaffold-app: the new files and the patched
/// parent equal `expected/scaffold/<variant>/` byte for byte, `--dry-run`'s text equals
/// `expected/scaffold/<variant>.dry-run.txt`, everything parses without a diagnostic, and the app lints exactly
/// as clean as before. ARCHLINT_UPDATE_GOLDENS=1 rewrites the expectations (review the diff like code).
@Suite struct ScaffoldGoldenTests {
    struct Variant: CustomStringConvertible, Sendable {
        var name: String
        var request: ScaffoldRequest
        var description: String { name }
    }

    static let fixture = "scaffold-app"
    static let variants: [Variant] = [
        Variant(name: "plain", request: ScaffoldRequest(name: "Settings", parent: "ProfileComponent")),
        Variant(name: "ribs", request: ScaffoldRequest(name: "Settings", parent: "ProfileComponent", flavor: .ribs)),
        Variant(name: "ribs-interface", request: ScaffoldRequest(
            name: "Settings", parent: "ProfileComponent", interfaceModule: "FeatureInterfaces", flavor: .ribs)),
        Variant(name: "swiftui", request: ScaffoldRequest(name: "Settings", parent: "ProfileComponent", flavor: .swiftui)),
        Variant(name: "swiftui-interface", request: ScaffoldRequest(
            name: "Settings", parent: "ProfileComponent", interfaceModule: "FeatureInterfaces", flavor: .swiftui)),
        // The parent (App's RootComponent) in another module than the new files: public types.
        Variant(name: "other-module", request: ScaffoldRequest(name: "Settings", parent: "RootComponent", module: "Profile")),
    ]

    static var expected: URL {
        ScaffoldFixtures.fixtures.appendingPathComponent("\(fixture)/expected/scaffold")
    }

    @Test(arguments: variants)
    func scaffoldMatchesGoldenAndLintsClean(variant: Variant) throws {
        let root = try ScaffoldFixtures.copy(Self.fixture)
        defer { try? FileManager.default.removeItem(at: root) }
        let before = ScaffoldFixtures.snapshot(root)
        let lintBefore = ScaffoldFixtures.lines(try ScaffoldFixtures.analyze(root).diagnostics)

        let plan = try ScaffoldFixtures.plan(variant.request, in: root)
        let dryRun = plan.dryRunText()
        #expect(ScaffoldFixtures.snapshot(root) == before, "planning wrote something")
        try ScaffoldWriter.write(plan)
        let after = ScaffoldFixtures.snapshot(root)
        let changed = after.filter { before[$0.key] != $0.value }

        // The new files and the parent's file, nothing else.
        #expect(Set(changed.keys) == Set(plan.files.map(\.path) + [plan.parentPatch.path]))
        for (path, data) in changed where path.hasSuffix(".swift") {
            let problems = ScaffoldFixtures.parseProblems(String(decoding: data, as: UTF8.self))
            #expect(problems.isEmpty, "\(path) doesn't parse: \(problems)")
        }
        #expect(ScaffoldFixtures.lines(try ScaffoldFixtures.analyze(root).diagnostics) == lintBefore)
        #expect(lintBefore.isEmpty, "the fixture itself lints with findings: \(lintBefore)")

        let folder = Self.expected.appendingPathComponent(variant.name)
        let dryRunFile = Self.expected.appendingPathComponent("\(variant.name).dry-run.txt")
        if ScaffoldFixtures.updating {
            try? FileManager.default.removeItem(at: folder)
            for (path, data) in changed {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url)
            }
            try Data(dryRun.utf8).write(to: dryRunFile)
            return
        }
        let golden = ScaffoldFixtures.snapshot(folder)
        #expect(Set(golden.keys) == Set(changed.keys), "expected/scaffold/\(variant.name) lists other files")
        for (path, data) in changed {
            #expect(golden[path] == data, "expected/scaffold/\(variant.name)/\(path) differs:\n\(String(decoding: data, as: UTF8.self))")
        }
        #expect((try? String(contentsOf: dryRunFile, encoding: .utf8)) == dryRun, "\(variant.name).dry-run.txt differs:\n\(dryRun)")
    }
}

/// docs/scaffolding.md shows every variant's output: it must be the output archlint writes today.
@Suite struct ScaffoldingDocumentationTests {
    @Test func docsShowTheGoldenFiles() throws {
        let docs = try String(
            contentsOf: ScaffoldFixtures.packageRoot.appendingPathComponent("docs/scaffolding.md"), encoding: .utf8)
        for variant in ScaffoldGoldenTests.variants {
            let folder = ScaffoldGoldenTests.expected.appendingPathComponent(variant.name)
            for (path, data) in ScaffoldFixtures.snapshot(folder) where !path.hasSuffix("ProfileComponent.swift") && !path.hasSuffix("RootComponent.swift") {
                let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
                #expect(docs.contains("```swift\n\(text)\n```"), "docs/scaffolding.md lacks \(variant.name)/\(path)")
            }
        }
    }
}
