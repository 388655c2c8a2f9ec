import ArchlintModel
import ArchlintKit
import Foundation
@testable import NeedleCodegen
import Testing
import Workspace

/// `archlint generate needle` on the hand-written fixtures: their NeedleGenerated.swift is what needle 0.25.1
/// writes for their sources (written by hand from needle's serializers; the names are checked against needle's
/// own sample below).
@Suite struct NeedleGenerationTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A fresh copy of a fixture, with a cache directory of its own.
    static func copy(_ fixture: String) throws -> (root: URL, cache: String) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("needlegen-\(UUID().uuidString)")
        let root = work.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Fixtures/\(fixture)"), to: root)
        return (root, work.appendingPathComponent("cache").path)
    }

    static func run(
        _ root: URL, cache: String, output: String = "Sources/App/NeedleGenerated.swift", app: String? = nil,
        mode: NeedleGenerationRequest.Mode, options: NeedleCodegenOptions = NeedleCodegenOptions()
    ) -> NeedleGenerationOutcome {
        NeedleGeneration.run(NeedleGenerationRequest(
            root: root.path, output: root.appendingPathComponent(output).path, app: app, options: options, mode: mode,
            analyzer: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache))))
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func providerAndFactoryNamesAreNeedles() {
        // Names from needle's own MVC sample output.
        let path = "^->RootComponent->LoggedInComponent->GameComponent"
        #expect(NeedleSerializer.shortSHA256(path) == "1ab5926a977f706d3195")
        #expect(NeedleSerializer.factoryName(
            className: "GameDependency1ab5926a977f706d3195Provider",
            parameters: "loggedInComponent: parent1(component) as! LoggedInComponent, rootComponent: parent2(component) as! RootComponent")
            == "factorycf9c02c4def4e3d508816cd03d3cf415b70dfb0e")
        #expect(NeedleSerializer.lowercasedFirst("LoggedInNonCoreComponent") == "loggedInNonCoreComponent")
    }

    @Test(arguments: [
        "needle-codegen-basic", "needle-codegen-pluginized", "needle-swift6-main-actor", "needle-swift6-sendable",
        "needle-swift6-pluginized", "needle-swift6-default-main-actor",
    ])
    func fixtureFileIsWhatWouldBeGenerated(fixture: String) throws {
        let (root, cache) = try Self.copy(fixture)
        let expected = try Self.text(root.appendingPathComponent("Sources/App/NeedleGenerated.swift"))
        let check = Self.run(root, cache: cache, mode: .check)
        #expect(check.exitCode == 0, "\(check.standardError)\(check.standardOutput)")
        let printed = Self.run(root, cache: cache, mode: .standardOutput)
        #expect(printed.standardOutput == expected)
        // Answered from the cache the second time: same bytes.
        #expect(Self.run(root, cache: cache, mode: .standardOutput).standardOutput == expected)
    }

    /// A Tuist app whose target sets Swift 6 and `MainActor` through `settings:` (a helper building a
    /// `SettingsDictionary`): without `--swift-version`, a new file is the Swift 6 output (hand-checked in
    /// expected/NeedleGenerated.swift), and nothing says it is assumed.
    @Test func tuistSettingsChooseTheSwift6Output() throws {
        let (root, cache) = try Self.copy("needle-tuist-swift6")
        let expected = try Self.text(root.appendingPathComponent("expected/NeedleGenerated.swift"))
        let printed = Self.run(root, cache: cache, mode: .standardOutput)
        #expect(printed.exitCode == 0, "\(printed.standardError)\(printed.standardOutput)")
        #expect(printed.standardOutput == expected)
        #expect(printed.standardError.isEmpty)
        let written = Self.run(root, cache: cache, mode: .write)
        #expect(written.exitCode == 0, "\(written.standardError)")
        #expect(try Self.text(root.appendingPathComponent("Sources/App/NeedleGenerated.swift")) == expected)
    }

    /// Settings archlint can't read may set the language mode: the mode it chose is said to be assumed.
    @Test func unreadTuistSettingsMakeTheModeAssumed() throws {
        let (root, cache) = try Self.copy("needle-tuist-swift6")
        let manifest = root.appendingPathComponent("Project.swift")
        try Data(try Self.text(manifest).replacingOccurrences(of: "settings: .swift6()", with: "settings: .swift6(defaultIsolation: Environment.isolation.getString(default: \"MainActor\"))").utf8)
            .write(to: manifest)
        let printed = Self.run(root, cache: cache, mode: .standardOutput)
        #expect(printed.exitCode == 0, "\(printed.standardError)")
        #expect(printed.standardError.hasPrefix("note: the Swift settings of app Notes/App can't all be read (`OTHER_SWIFT_FLAGS` may be set in `Project.swift:18`"))
        #expect(printed.standardError.contains("archlint assumed swift 6 and writes the Swift 6 output; `--swift-version`"))
    }

    @Test func writesOnlyWhenTheContentChanges() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let file = root.appendingPathComponent("Sources/App/NeedleGenerated.swift")
        let expected = try Self.text(file)
        try FileManager.default.removeItem(at: file)
        let written = Self.run(root, cache: cache, mode: .write)
        #expect(written.exitCode == 0, "\(written.standardError)")
        // Without a file to keep the order of, components come in path order: same content, maybe another order.
        let fresh = try Self.text(file)
        #expect(Set(fresh.split(separator: "\n")) == Set(expected.split(separator: "\n")))
        let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        let again = Self.run(root, cache: cache, mode: .write)
        #expect(again.exitCode == 0)
        #expect(again.standardError.contains("up to date"))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == modified)
    }

    @Test func checkPrintsADiffAndWritesNothing() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let file = root.appendingPathComponent("Sources/App/NeedleGenerated.swift")
        let stale = try Self.text(file).replacingOccurrences(of: "register1()\n#endif\n}", with: "#endif\n}")
        try Data(stale.utf8).write(to: file)
        let check = Self.run(root, cache: cache, mode: .check)
        #expect(check.exitCode == 1)
        #expect(check.standardOutput.hasPrefix("--- a/Sources/App/NeedleGenerated.swift\n+++ b/Sources/App/NeedleGenerated.swift\n@@ "))
        #expect(check.standardOutput.contains("\n+    register1()\n"))
        #expect(try Self.text(file) == stale)
    }

    @Test func missingDependencyWritesNothingAndPrintsTheFindings() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let rootFile = root.appendingPathComponent("Sources/App/RootComponent.swift")
        try Data(try Self.text(rootFile).replacingOccurrences(of: "    public var analytics: Analytics { shared { AnalyticsImpl() } }\n", with: "").utf8)
            .write(to: rootFile)
        let file = root.appendingPathComponent("Sources/App/NeedleGenerated.swift")
        let before = try Self.text(file)
        let outcome = Self.run(root, cache: cache, mode: .write)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("Sources/App/Game/GameComponent.swift:6:9: error: "))
        #expect(outcome.standardOutput.contains("[missing-dependency]"))
        #expect(try Self.text(file) == before)
    }

    @Test func anInternalProviderIsNoProviderForNeedle() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let rootFile = root.appendingPathComponent("Sources/App/RootComponent.swift")
        try Data(try Self.text(rootFile).replacingOccurrences(of: "public var analytics", with: "var analytics").utf8)
            .write(to: rootFile)
        let outcome = Self.run(root, cache: cache, mode: .standardOutput)
        #expect(outcome.exitCode == 1)
        // `missing-dependency` reads providers by the same rule (`NeedleProviderRule`): a warning there, a refusal here.
        #expect(outcome.standardOutput.contains("Sources/App/Game/GameComponent.swift:6:9: warning: `analytics: Analytics` of GameDependency is provided on path ^->RootComponent->LoggedInComponent->GameComponent only by RootComponent.analytics, internal to the component's body"))
        #expect(outcome.standardOutput.contains("[missing-dependency]"))
    }

    @Test func badInputExitsTwoAndWritesNothing() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let outside = Self.run(root, cache: cache, output: "../Elsewhere/NeedleGenerated.swift", mode: .write)
        #expect(outside.exitCode == 2)
        #expect(outside.standardError.contains("is outside"))
        let unknownApp = Self.run(root, cache: cache, app: "Nope", mode: .write)
        #expect(unknownApp.exitCode == 2)
        #expect(unknownApp.standardError.contains("--app Nope is not an app"))
        #expect(!FileManager.default.fileExists(atPath: root.deletingLastPathComponent().appendingPathComponent("Elsewhere").path))
    }

    @Test func optionsChangeTheOutputAsNeedlesDo() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let options = NeedleCodegenOptions(
            additionalImports: ["Analytics", "import Session"], headerDoc: "// Header", excludedSuffixes: ["Component"],
            excludedPaths: [])
        let outcome = Self.run(root, cache: cache, mode: .standardOutput, options: options)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)\(outcome.standardOutput)")
        // Every component file is excluded: no providers, the imports of the generated file itself only.
        #expect(outcome.standardOutput.hasPrefix("// Header\n\n"))
        #expect(outcome.standardOutput.contains("\nimport Analytics\nimport Session\n\n// swiftlint:disable unused_declaration\n"))
        #expect(!outcome.standardOutput.contains("registerProviderFactory(\""))
    }

    /// An older needle's layout (0.19: `Registration`, no `[unowned self] in`, no `@inline(never)`) with the same
    /// providers is current: `--check` passes with a note naming the version, a plain write leaves it, `--upgrade`
    /// rewrites it in 0.25.1's layout.
    @Test func olderLayoutIsCurrentAndUpgradeRewritesIt() throws {
        let (root, cache) = try Self.copy("needle-older-layout")
        let file = root.appendingPathComponent("Sources/App/NeedleGenerated.swift")
        let older = try Self.text(file)
        let check = Self.run(root, cache: cache, mode: .check)
        #expect(check.exitCode == 0, "\(check.standardError)\(check.standardOutput)")
        #expect(check.standardError.contains("its layout is needle 0.19's"))
        let written = Self.run(root, cache: cache, mode: .write)
        #expect(written.exitCode == 0)
        #expect(try Self.text(file) == older)
        var request = NeedleGenerationRequest(
            root: root.path, output: file.path, mode: .write,
            analyzer: AnalyzerOptions(scan: ScanOptions(cacheDirectory: cache)))
        request.upgrade = true
        #expect(NeedleGeneration.run(request).exitCode == 0)
        let basic = Self.packageRoot.appendingPathComponent("Fixtures/needle-codegen-basic/Sources/App/NeedleGenerated.swift")
        #expect(try Self.text(file) == Self.text(basic))
        // A registration the file never runs is a difference of substance.
        try Data(older.replacingOccurrences(of: "    register1()\n", with: "").utf8).write(to: file)
        #expect(Self.run(root, cache: cache, mode: .check).exitCode == 1)
    }

    /// Written by needle 0.19 from an internal property, with no lockfile: the app's needle is the one that wrote
    /// the file, which reads it (`lint` is silent), but needle 0.25.1 fails there, so generate refuses and says why.
    @Test func internalProvidersOfAnOlderNeedleAreRefused() throws {
        let (root, cache) = try Self.copy("needle-internal-providers")
        let file = root.appendingPathComponent("Sources/App/NeedleGenerated.swift")
        let before = try Self.text(file)
        let outcome = Self.run(root, cache: cache, mode: .write)
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.contains("No ancestor provides `analytics: Analytics`"), "\(outcome.standardOutput)")
        #expect(outcome.standardError.contains(
            "this app's own needle (the needle that wrote Sources/App/NeedleGenerated.swift, in needle 0.19's layout) "
                + "reads internal properties of a component's body"), "\(outcome.standardError)")
        #expect(try Self.text(file) == before)
    }

    /// Where NeedleFoundation's own sources are scanned with the app's (uber/needle's samples build against the
    /// package beside them), its classes are the bases components subclass, not components: needle reads only
    /// the app's sources, and `NonCoreComponent<DependencyType>` names no Dependency protocol.
    @Test func needleFoundationsOwnClassesAreNoComponents() throws {
        let (root, cache) = try Self.copy("needle-codegen-basic")
        let expected = try Self.text(root.appendingPathComponent("Sources/App/NeedleGenerated.swift"))
        let framework = """
            open class BootstrapComponent: Component<EmptyDependency> {}
            open class NonCoreComponent<DependencyType>: Component<DependencyType> {}
            open class PluginizedComponent<DependencyType, PluginExtensionType, NonCoreComponent>: Component<DependencyType> {}

            """
        try framework.write(
            to: root.appendingPathComponent("Sources/App/NeedleFoundationSources.swift"), atomically: true, encoding: .utf8)
        let check = Self.run(root, cache: cache, mode: .check)
        #expect(check.exitCode == 0, "\(check.standardError)\(check.standardOutput)")
        #expect(Self.run(root, cache: cache, mode: .standardOutput).standardOutput == expected)
    }

    /// A missing dependency in the demo app's world, at a requirement of a feature both apps compile, blocks the
    /// demo's file only.
    @Test func aDemoAppsMissingDependencyDoesNotBlockTheMainApp() throws {
        let (root, cache) = try Self.copy("needle-demo-missing")
        let main = Self.run(root, cache: cache, output: "Apps/TicTacToe/NeedleGenerated.swift", mode: .check)
        #expect(main.exitCode == 0, "\(main.standardError)\(main.standardOutput)")
        let demo = Self.run(root, cache: cache, output: "Apps/LoggedOutSample/NeedleGenerated.swift", mode: .check)
        #expect(demo.exitCode == 1)
        #expect(demo.standardOutput.contains("Features/LoggedOut/LoggedOutComponent.swift:5:9: error: `mutablePlayersStream: MutablePlayersStream` of LoggedOutDependency has no provider"))
    }

    @Test func unifiedDiffHasHunksWithContext() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = UnifiedDiff.make(old: old, new: new, oldName: "a/f", newName: "b/f")
        #expect(diff == "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n line 2\n line 3\n line 4\n-line 5\n+line five\n line 6\n line 7\n line 8\n")
        #expect(UnifiedDiff.make(old: old, new: old, oldName: "a", newName: "b") == "")
        #expect(UnifiedDiff.firstDifference(old: old, new: new) == 5)
    }
}

/// A NeedleGenerated.swift a formatter rewrapped (swiftformat's `wrapArguments`) says what the unwrapped one says.
@Suite struct NeedleFileContentLayoutTests {
    /// needle 0.17's layout, as MovieDB's swiftformat left it: a long registration wrapped over four lines.
    @Test func wrappedCallsReadAsTheirOneLineForm() {
        let provider = """
            private class ChildDependency1Provider: ChildDependency1BaseProvider {
              init(component: NeedleFoundation.Scope) {
                super.init(
                  rootComponent: component.parent as! RootComponent
                )
              }
            }
            private class ChildDependency1BaseProvider: ChildDependency {
              var store: Store {
                rootComponent.store
              }
              private let rootComponent: RootComponent
              init(rootComponent: RootComponent) {
                self.rootComponent = rootComponent
              }
            }
            """
        let oneLine = """
            public func registerProviderFactories() {
              __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: "^->RootComponent->ChildComponent") { component in
                ChildDependency1Provider(component: component)
              }
            }
            """
        let wrapped = """
            public func registerProviderFactories() {
              __DependencyProviderRegistry.instance
                .registerDependencyProviderFactory(
                  for: "^->RootComponent->ChildComponent"
                ) { component in
                  ChildDependency1Provider(component: component)
                }
            }
            """
        let expected = NeedleFileContent(provider + "\n" + oneLine)
        #expect(expected.registrations == ["^->RootComponent->ChildComponent": "ChildDependency { store: Store <- RootComponent@1.store }"])
        #expect(NeedleFileContent(provider + "\n" + wrapped) == expected)
    }

    /// needle 0.17 wrote no `NEEDLE_DYNAMIC` section, so its file says nothing of key paths (MovieDB pins 0.17.2):
    /// they are no difference; between two files that write them, they are.
    @Test func aLayoutWithoutKeyPathsSaysNothingOfThem() {
        let registration = """
            public func registerProviderFactories() {
              __DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: "^->RootComponent") { component in
                EmptyDependencyProvider(component: component)
              }
            }
            """
        func dynamic(_ name: String) -> String {
            "#if NEEDLE_DYNAMIC\nextension ChildComponent: Registration {\n    public func registerItems() {\n"
                + "        keyPathToName[\\ChildDependency.\(name)] = \"\(name)-Store\"\n    }\n}\n#endif\n"
        }
        let older = NeedleFileContent(registration)
        let current = NeedleFileContent(registration + "\n" + dynamic("store"))
        #expect(!older.writesKeyPaths && current.writesKeyPaths)
        #expect(current.keyPaths["ChildComponent"]?.count == 1)
        #expect(older.differences(from: current).isEmpty)
        #expect(older.substance == "providers, factories and registrations")
        #expect(current.differences(from: NeedleFileContent(registration + "\n" + dynamic("cache"))).map(\.text)
            == [#"ChildComponent's key paths differ (missing keyPathToName[\ChildDependency.cache] = "cache-Store"; extra keyPathToName[\ChildDependency.store] = "store-Store")"#])
    }

    /// needle 0.25.1's layout with each registration's arguments wrapped one to a line.
    @Test func wrappedArgumentsOfTheCurrentLayout() throws {
        let file = NeedleGenerationTests.packageRoot.appendingPathComponent("Fixtures/needle-sample-apps/Apps/TicTacToe/NeedleGenerated.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        let wrapped = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("    registerProviderFactory(\"") else { return String(line) }
            return line.replacingOccurrences(of: "registerProviderFactory(", with: "registerProviderFactory(\n        ")
                .replacingOccurrences(of: ", factory", with: ",\n        factory")
                .replacingOccurrences(of: ")", with: "\n    )")
        }.joined(separator: "\n")
        #expect(wrapped != text)
        let content = NeedleFileContent(text)
        #expect(content.registrations.count == 5)
        #expect(NeedleFileContent(wrapped) == content)
    }
}
