import Foundation
import Testing

/// Every open-corpus app (../shared/corpus/open-apps.tsv) lints from its repository root with every target its
/// project files declare as a module. The counts were made by hand, reading the project files (Project.swift
/// target lists and the helpers that make them, project.yml `targets:`, pbxproj native targets, Package.swift
/// targets of every kind); the apps aren't in this repository, so the test runs only where they are checked out:
/// `ARCHLINT_OPEN_CORPUS=/work/apps swift test --filter OpenCorpusModuleCountTests`.
private let openCorpus = ProcessInfo.processInfo.environment["ARCHLINT_OPEN_CORPUS"].map { URL(fileURLWithPath: $0) }

@Suite(.enabled(if: openCorpus != nil,
                "set ARCHLINT_OPEN_CORPUS to the folder holding the open-corpus checkouts to run it"))
struct OpenCorpusModuleCountTests {
    static let corpus = openCorpus

    /// Declared targets, counted by hand, by checkout folder.
    static let declaredTargets: [(app: String, targets: Int, counted: String)] = [
        // MutaroModule/Package.swift: 16 source targets + 14 binary targets; BuildTools/Package.swift: a plugin and
        // its binary; App/Mutaro and App/MutaroDev: one native target each.
        ("Mutaro", 34, "30 + 2 + 2"),
        // project.yml: RIBsReactorKit, RIBsReactorKitTests, RIBsReactorKitUITests.
        ("RIBsReactorKit", 3, "3"),
        // apps/Shiki: Shiki, ShikiTests; features/{Anime,Auth,Profile,Root}: Core, Implementation(+Tests), UI(+Tests);
        // packages/*: 7 frameworks with their tests (`Target.unitTests(target:)` calls `self.target(…)`).
        ("shiki-ios", 36, "2 + 4 × 5 + 7 × 2"),
        // Tuist: App (app + tests) and two samples made by `Project.app` (app + tests); SwiftPM: Shared 9 (a plugin
        // among them), Core 7, BootstrapData 4, LoggedOut 4, Splash 4.
        ("MiniSuperApp", 34, "6 + 28"),
    ]

    static let notDeclared: Set<String> = ["external", "unassigned", "config"]

    @Test(arguments: declaredTargets.map(\.app))
    func everyDeclaredTargetIsAModule(app: String) throws {
        let corpus = try #require(Self.corpus)
        let folder = corpus.appendingPathComponent(app)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("OpenCorpusModuleCountTests: \(app) is not checked out under \(corpus.path); skipped")
            return
        }
        let expected = try #require(Self.declaredTargets.first { $0.app == app })
        let run = try ChildRun.archlint(["graph", folder.path, "--kind", "modules", "--format", "json"], timeLimit: 900)
        try #require(run.status == 0, "archlint graph failed: \(run.stderr.suffix(400))")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let nodes = try #require((graph["nodes"] ?? graph["modules"]) as? [[String: Any]])
        let modules = nodes.filter { !Self.notDeclared.contains($0["type"] as? String ?? "") }
        #expect(modules.count == expected.targets,
                "\(app): \(expected.targets) targets declared (\(expected.counted)), \(modules.count) modules: \(modules.compactMap { $0["id"] as? String }.sorted())")
    }
}
