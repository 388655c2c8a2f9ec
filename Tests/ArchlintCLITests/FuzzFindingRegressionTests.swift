import ArchlintTestSupport
import Foundation
import Testing

/// Every finding of the fuzzing campaign (docs/limits.md, "Fuzzing") stays fixed, through the real binary.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct FuzzFindingRegressionTests {
    /// FuzzManifestReader's timeout: `Fixtures/feature-imports`' manifest with 36 `[` inserted into a product's
    /// `targets:` label. swift-syntax's parser took time exponential in the run (still running after 120 s).
    @Test func manifestWithARunOfOpenBracketsEndsWithADiagnostic() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: FixturePaths.fixtures.appendingPathComponent("feature-imports"), to: root)
        let manifest = root.appendingPathComponent("AppFeatures/Package.swift")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        let target = #".library(name: "ShopFeature", targets: ["ShopFeature"]),"#
        #expect(original.contains(target))
        let mutated = original.replacingOccurrences(
            of: target, with: #".library(name: "ShopFeature", t"# + String(repeating: "[", count: 36) + #"argets: ["ShopFeature"]),"#)
        try mutated.write(to: manifest, atomically: true, encoding: .utf8)

        let result = try ProcessResult.archlint(["lint", root.path, "--no-cache"])
        #expect([0, 1].contains(result.status), "exit \(result.status): \(result.stderr.prefix(500))")
        #expect(result.stdout.contains("AppFeatures/Package.swift:10:48: warning: archlint skipped part of line 10"),
                "\(result.stdout)")
    }
}
