import ArchlintModel
import Testing
@testable import Graphs

/// The one decision of which properties provide: an app whose lockfiles and manifests say its needle is older
/// than 0.24 gets that needle's rule (internal body properties provide); anything else, 0.24's.
@Suite struct NeedleProviderRuleTests {
    static func reading(
        _ file: String, _ lower: String?, _ upper: String?, kind: NeedleVersionReading.Kind = .lockfile,
        directory: String = "", written: String = "0"
    ) -> NeedleVersionReading {
        NeedleVersionReading(
            kind: kind, file: file, line: 1, directory: directory, lower: lower.flatMap(NeedleVersion.init),
            upper: upper.flatMap(NeedleVersion.init), written: written)
    }

    @Test func anOldLockfileReadsInternalBodyProperties() {
        let rule = NeedleProviderRule(readings: [Self.reading("Podfile.lock", "0.17.2", "0.17.3")])
        #expect(rule.readsInternalBodyProperties)
        #expect(rule.provides(.internalInBody) && rule.provides(.provider) && rule.provides(.internalProvider))
        #expect(rule.assumption == "needle 0.17.2, read from Podfile.lock:1")
    }

    @Test func aLockfileAtOrAfter024DoesNot() {
        let rule = NeedleProviderRule(readings: [Self.reading("Package.resolved", "0.24.0", "0.24.1")])
        #expect(!rule.readsInternalBodyProperties)
        #expect(!rule.provides(.internalInBody) && rule.provides(.provider))
        #expect(rule.assumption == "needle 0.24.0, read from Package.resolved:1")
    }

    @Test func nothingReadIsNeedle024AndSaysSo() {
        let rule = NeedleProviderRule(readings: [])
        #expect(!rule.readsInternalBodyProperties)
        #expect(rule.assumption.contains("found no needle version"))
        #expect(!NeedleProviderRule.generator.readsInternalBodyProperties)
    }

    /// `from:` bounds the version below only: 0.19.0 up to 1.0.0 includes 0.24, so it decides nothing old.
    @Test func aLowerBoundAloneIsUnknownBeyondIt() {
        let from = Self.reading("Tuist/Dependencies.swift", "0.19.0", "1.0.0", kind: .requirement, written: "from: 0.19.0")
        let rule = NeedleProviderRule(readings: [from])
        #expect(!rule.readsInternalBodyProperties)
        #expect(rule.assumption == "Tuist/Dependencies.swift:1 (`from: 0.19.0`) allows needle 0.24 or later, so archlint assumed it")
        // With a lockfile inside the range, the lockfile's version decides.
        #expect(NeedleProviderRule(readings: [from, Self.reading("Package.resolved", "0.19.0", "0.19.1")]).readsInternalBodyProperties)
        // A range wholly below 0.24 is old.
        #expect(NeedleProviderRule(readings: [Self.reading("Package.swift", "0.18.1", "0.19.0", kind: .requirement)]).readsInternalBodyProperties)
        #expect(NeedleProviderRule(readings: [Self.reading("Package.swift", "0.18.0", "0.24.0", kind: .requirement)]).readsInternalBodyProperties)
        #expect(!NeedleProviderRule(readings: [Self.reading("Package.swift", "0.18.0", "0.24.1", kind: .requirement)]).readsInternalBodyProperties)
        // A branch pin allows any needle.
        #expect(!NeedleProviderRule(readings: [Self.reading("Package.resolved", nil, nil)]).readsInternalBodyProperties)
    }

    /// tomrcht/faces pins needle's `branch master` at a commit of no release (0.17.2 and 7 more) and commits the
    /// NeedleGenerated.swift that needle wrote, in 0.17's layout, with providers from internal body properties.
    /// archlint said needle fails there (needle-parity 0/2). Where no lockfile pins a release, the needle that wrote
    /// the file is the app's; a lockfile's release outweighs it.
    @Test func aGeneratedFilesLayoutSaysWhichNeedleWroteIt() {
        let branch = Self.reading("Package.resolved", nil, nil, written: "branch master")
        let layout = Self.reading("Faces/Generated/NeedleGenerated.swift", nil, "0.18.0", kind: .generatedFile,
                                  written: "needle 0.17 or earlier's layout")
        let rule = NeedleProviderRule(readings: [branch, layout])
        #expect(rule.readsInternalBodyProperties)
        #expect(rule.assumption == "the needle that wrote Faces/Generated/NeedleGenerated.swift, in needle 0.17 or earlier's layout")
        #expect(NeedleProviderRule(readings: [layout]).readsInternalBodyProperties)
        // A release pinned in a lockfile decides, whatever wrote the file.
        #expect(!NeedleProviderRule(readings: [Self.reading("Package.resolved", "0.25.0", "0.25.1"), layout]).readsInternalBodyProperties)
        // A current layout bounds nothing below 0.24.
        let current = Self.reading("NeedleGenerated.swift", "0.25.1", nil, kind: .generatedFile, written: "needle 0.25.1's layout")
        #expect(!NeedleProviderRule(readings: [current]).readsInternalBodyProperties)
    }

    /// What each release's output looks like, read back from the text (`NeedleLayout`).
    @Test func layoutsReadAsTheirReleases() {
        let old = "__DependencyProviderRegistry.instance.registerDependencyProviderFactory(for: \"^->Root\") { _ in }"
        #expect(NeedleLayout.olderVersion(of: old) == "0.17 or earlier")
        let file = ScannedFile(
            facts: FileFacts(path: "NeedleGenerated.swift", isNeedleGenerated: true, generatedText: old), module: "App")
        let reading = NeedleLayout.reading(of: file)
        #expect(reading?.kind == .generatedFile && reading?.upper == NeedleVersion(0, 18, 0) && reading?.lower == nil)
        #expect(NeedleLayout.olderVersion(of: "extension Root: NeedleFoundation.Registration {}\n#if !NEEDLE_DYNAMIC\n@inline(never)") == nil)
    }

    /// A stale lockfile that the manifest rules out decides nothing.
    @Test func readingsThatDisagreeAreNeedle024() {
        let rule = NeedleProviderRule(readings: [
            Self.reading("Mutaro.xcworkspace/xcshareddata/swiftpm/Package.resolved", "0.23.0", "0.23.1", written: "0.23.0"),
            Self.reading("MutaroModule/Package.swift", "0.24.0", "1.0.0", kind: .requirement, written: "from: 0.24.0"),
        ])
        #expect(!rule.readsInternalBodyProperties)
        #expect(rule.assumption.hasPrefix("the needle versions archlint read disagree"))
    }

    /// An app reads the lockfiles of its project's folder and those above it, and the requirements of the
    /// manifests that declare its world's modules; another app's folder's lockfile is not its own.
    @Test func eachAppReadsItsOwnFolders() {
        var workspace = WorkspaceModel(root: "/r", modules: [
            Module(id: "Old/App", name: "App", project: "Old/App.xcodeproj", type: .app),
            Module(id: "New/App", name: "App", project: "New/App.xcodeproj", type: .app),
            Module(id: "Kit/Kit", name: "Kit", package: "Kit", manifest: "Kit/Package.swift", type: .regular),
        ])
        workspace.needleVersions = [
            Self.reading("Old/Podfile.lock", "0.17.2", "0.17.3", directory: "Old"),
            Self.reading("New/Package.resolved", "0.25.1", "0.25.2", directory: "New"),
            Self.reading("Kit/Package.swift", "0.18.0", "0.19.0", kind: .requirement, directory: "Kit"),
        ]
        let old = NeedleScopes.World(app: "Old/App", modules: ["Old/App"], isWidened: false)
        let new = NeedleScopes.World(app: "New/App", modules: ["New/App", "Kit/Kit"], isWidened: false)
        #expect(NeedleScopes.needleVersions(of: old, in: workspace).map(\.file) == ["Old/Podfile.lock"])
        #expect(NeedleScopes.needleVersions(of: new, in: workspace).map(\.file) == ["New/Package.resolved", "Kit/Package.swift"])
        #expect(NeedleProviderRule(readings: NeedleScopes.needleVersions(of: old, in: workspace)).readsInternalBodyProperties)
        // 0.25.1 locked, 0.18 required by a package it links: they disagree, so 0.24's rule.
        #expect(!NeedleProviderRule(readings: NeedleScopes.needleVersions(of: new, in: workspace)).readsInternalBodyProperties)
    }
}
