import Foundation
import Testing

/// Every open-corpus app (../shared/corpus/open-apps.tsv) lints from its repository root with every target its
/// project files declare as a module, and so do the ten apps picked for issue 32 outside that list. The counts were
/// made by hand, reading the project files (Project.swift target lists and the helpers that make them, project.yml
/// `targets:`, pbxproj native targets, Package.swift targets of every kind). What counts: a PBXNativeTarget is a
/// module, an aggregate or legacy target (run scripts, an external build tool) compiles nothing and is none; a
/// folder archlint walks is read as the projects it holds, fixtures and samples included, and a folder it skips
/// (template folders, `.swiftpm`, `.tuist-bin`, `Derived`) holds none. The apps aren't in this repository, so each
/// list runs only where its apps are checked out:
/// `ARCHLINT_OPEN_CORPUS=/work/apps ARCHLINT_PICKED_APPS=/work/apps2 swift test --filter OpenCorpusModuleCountTests`.
private let openCorpus = ProcessInfo.processInfo.environment["ARCHLINT_OPEN_CORPUS"].map { URL(fileURLWithPath: $0) }
private let pickedApps = ProcessInfo.processInfo.environment["ARCHLINT_PICKED_APPS"].map { URL(fileURLWithPath: $0) }

struct OpenCorpusModuleCountTests {
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
        // Tuist, `Project.makeModule(targets:)`: the module, `Interface` (.interface), `Testing` (.testing with
        // .interface), `Tests` (.unitTest). 12 domains × 4, 13 × 3 (interface, tests), 4 × 2 (tests), 5 × 1; App:
        // app, tests, widget, watch app. The Project.swift files under OutingDomain/Testing, OutingDomain/Tests,
        // BaseDomain/Tests, OutingApplyFeature/Tests and Scripts/GenerateFeature hold only comments.
        ("DMS-iOS", 104, "12 × 4 + 13 × 3 + 4 × 2 + 5 × 1 + 4"),
        // IceCubesApp.xcodeproj: 5 native targets; Packages/*: 13 packages, 13 targets and 6 test targets.
        ("IceCubesApp", 24, "5 + 13 + 6"),
        // Package.swift: RIBs, RIBsTests; RIBs.xcodeproj: the same two; Example: 1; tutorials 1–4 and the two
        // completed ones: 1 each, tutorial2 with its tests 2.
        ("RIBs-iOS", 12, "2 + 2 + 1 + 7"),
        // Tuist, `Project.makeModule(targets:)` as in DMS-iOS plus `.demo` (`DemoApp`): 42 modules making
        // 5 + 2 + 5 + 8 × 4 + 2 × 3 + 7 × 4 + 10 × 3 + 8 × 2 + 4 × 1 targets; App: 1. Scripts/GenerateFeature: comments.
        ("SMS-iOS", 129, "128 + 1"),
        // Package.swift: 5 targets, 5 test targets, 1 executable. Tests/Fixtures (read as the projects they are):
        // specs named project.yml (XcodeGen's default; the other fixture specs are XcodeGen's test inputs) —
        // TestProject 43 targets with includes and platform lists less 2 legacy targets (a PBXLegacyTarget
        // compiles nothing) = 41, AnotherProject 3 (+1 legacy), SPM 3 (+1 aggregate), CarthageProject 1 × 4 platforms;
        // scheme_test/TestProject.xcodeproj (no project.yml beside it) 2 native targets; packages FooFeature 2 and
        // LocalPackage 1. TestProject/{Framework,CrossOverlayFramework}/Project.xcodeproj are empty placeholders.
        ("XcodeGen", 67, "11 + 41 + 3 + 3 + 4 + 2 + 2 + 1"),
        // App/CrisisCleanupApp.xcodeproj: app, tests, UI tests; App/CrisisCleanup/Package.swift: target and tests.
        ("crisiscleanup-ios", 5, "3 + 2"),
        // project.yml and its includes: 9 targets (the aggregate Periphery compiles nothing; ElementX.xcodeproj is
        // generated from the spec); Package.swift: Tools; BuildExtensions: Macros, MacrosTests, a macro;
        // compound-ios: Compound, CompoundTests; compound-ios/Inspector/Inspector.xcodeproj: 1 native target.
        ("element-x-ios", 16, "9 + 1 + 3 + 2 + 1"),
        // HomeAssistant.xcodeproj: 19 native targets (the aggregate Codegen compiles nothing); Sources/*: 11
        // packages with 13 targets (PushServer: App, Run, AppTests, SharedPushTests; HADesignSystem with tests;
        // PushServer/SharedPush is a second copy of SharedPush); BuildTools: a target and a binary target.
        ("iOS", 36, "19 + 15 + 2"),
        // Package.swift: 86 targets, 34 test targets, 3 executables, 1 system library (the client targets sit
        // under an environment check; every branch counts); App/isowords.xcodeproj: 11 native targets. App/,
        // Bootstrap/ and Assets/ hold empty packages; .swiftpm is Xcode's.
        ("isowords", 135, "124 + 11"),
        // Package.swift 4, Generator/Package.swift 3, NeedleFoundation.xcodeproj 5 native (+1 aggregate), samples:
        // MVC 2, Pluginized 5, SwiftUI-MVVM 2. The generator's test fixtures are Swift files, no projects.
        ("needle", 21, "4 + 3 + 5 + 9"),
        // Simplenote.xcodeproj: 8 native targets (the aggregates ScreenshotsSecrets and SimplenoteSecrets compile
        // nothing).
        ("simplenote-ios", 8, "8"),
        // Tuist 4, `Project.module(targets: [...])`, one target per element: 42 modules with 119 targets; App: app and
        // tests. Package.swift declares only the external packages.
        ("wakmusic-iOS", 121, "119 + 2"),
    ]

    /// The ten apps picked for issue 32 (not in the corpus list), counted the same way.
    static let pickedTargets: [(app: String, targets: Int, counted: String)] = [
        // Tuist: App via `Project.executable` (app, `…Test`); Service and ThirdPartyLib via `dynamicFramwork`: 1 each.
        ("Bitgouel-iOS", 4, "2 + 1 + 1"),
        // Package.swift: 4 targets and a test target; Examples/*/project.yml: 1 target each (their .xcodeproj is
        // generated from the spec).
        ("ComposableRIBs", 7, "5 + 1 + 1"),
        // Tuist: iOS via `Project.excutable` (app, `…Test`); Service and ThirdPartyLib via `dynamicFramework`.
        ("GCMS-iOS", 4, "2 + 1 + 1"),
        // Tuist, `Project.makeModule(targets:)`: 6 × [.unitTest] (module, Tests), DesignSystem [.demo] (module,
        // DemoApp), 2 × []; App: app and tests. Package.swift and Tuist/Dependencies' manifest declare no targets.
        ("JOBIS-DSM-iOS-v2", 18, "6 × 2 + 2 + 2 + 2"),
        // XcodeGen, targets from templates: App 1, Common 2, TaskEditing 3, Tasks 3; Templates/Feature/
        // {{cookiecutter.name}} is a template folder.
        ("ModularizingRIBs", 9, "1 + 2 + 3 + 3"),
        // Tuist 4, `Project.module(targets: [...])`, one target per element: 13 modules with 35 targets; App: 1.
        // Scripts/GenerateFeature/Project.swift holds only comments; Package.swift declares no targets.
        ("TimeTracker", 36, "35 + 1"),
        // Tuist, `Project.makeModule` (module and tests, no demo app anywhere): 25 × 2; App: app and tests.
        // Scripts/GeneteFeature/Project.swift holds only comments.
        ("Took-iOS", 52, "25 × 2 + 2"),
        // Tuist, `createXModule(targets:)`: the module always, then .demo, .testing, .tests: 28 modules with 89
        // targets; App: app and tests. Tuist/Package.swift declares no targets.
        ("WSS-iOS-V2", 91, "89 + 2"),
        // DuckDuckGo-iOS.xcodeproj: 15 native targets; LocalPackages: AIChat 2, DuckUI 1, SyncUI-iOS 1, VPNiOS 1,
        // Waitlist 3.
        ("duckduckgo-ios", 23, "15 + 8"),
        // Mastodon.xcodeproj: 8 native targets; MastodonSDK/Package.swift: 8 targets and a test target;
        // Localization/StringsConvertor: a target and its tests.
        ("mastodon-ios", 19, "8 + 9 + 2"),
    ]

    static let notDeclared: Set<String> = ["external", "unassigned", "config"]

    @Test(.enabled(if: openCorpus != nil,
                   "set ARCHLINT_OPEN_CORPUS to the folder holding the open-corpus checkouts to run it"),
          arguments: declaredTargets.map(\.app))
    func everyDeclaredTargetIsAModule(app: String) throws {
        let expected = try #require(Self.declaredTargets.first { $0.app == app })
        try Self.check(expected, under: try #require(openCorpus))
    }

    @Test(.enabled(if: pickedApps != nil,
                   "set ARCHLINT_PICKED_APPS to the folder holding the picked apps' checkouts to run it"),
          arguments: pickedTargets.map(\.app))
    func everyTargetOfAPickedAppIsAModule(app: String) throws {
        let expected = try #require(Self.pickedTargets.first { $0.app == app })
        try Self.check(expected, under: try #require(pickedApps))
    }

    static func check(_ expected: (app: String, targets: Int, counted: String), under corpus: URL) throws {
        let app = expected.app
        let folder = corpus.appendingPathComponent(app)
        guard FileManager.default.fileExists(atPath: folder.path) else {
            print("OpenCorpusModuleCountTests: \(app) is not checked out under \(corpus.path); skipped")
            return
        }
        let run = try ChildRun.archlint(["graph", folder.path, "--kind", "modules", "--format", "json"], timeLimit: 900)
        try #require(run.status == 0, "archlint graph failed: \(run.stderr.suffix(400))")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let nodes = try #require((graph["nodes"] ?? graph["modules"]) as? [[String: Any]])
        let modules = nodes.filter { !Self.notDeclared.contains($0["type"] as? String ?? "") }
        #expect(modules.count == expected.targets,
                "\(app): \(expected.targets) targets declared (\(expected.counted)), \(modules.count) modules: \(modules.compactMap { $0["id"] as? String }.sorted())")
    }
}
