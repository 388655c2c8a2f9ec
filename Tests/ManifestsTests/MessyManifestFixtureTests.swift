import ArchlintModel
import Foundation
import Testing
@testable import Manifests

/// `Fixtures/messy-manifest`: a valid manifest using every idiom at once.
@Suite struct MessyManifestFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/messy-manifest")

    let source: String
    let facts: ManifestFacts

    init() throws {
        source = try String(contentsOf: Self.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        facts = ManifestReader.read(source: source, path: "Package.swift")
    }

    @Test func readsEveryTargetWithItsConditions() {
        #expect(facts.packageName == "MessyKit")
        #expect(facts.targets.map { "\($0.name):\($0.kind.rawValue)" + ($0.condition.map { " [\($0)]" } ?? "") } == [
            "Core:regular", "DesignSystem:regular", "HomeFeature:regular", "SearchFeature:regular",
            "Networking:regular", "Analytics:regular", "TestSupport:regular", "CoreTests:test",
            "messy-cli:executable", "LinuxSupport:regular [os(Linux)]",
            "Benchmarks:executable [ProcessInfo.processInfo.environment[\"MESSY_BENCHMARKS\"] != nil]",
            "GeneratedAlpha:regular", "GeneratedBeta:regular",
        ])
        #expect(facts.target("HomeFeature")?.location == at(".feature(\"Home\"", in: source))
        #expect(facts.target("HomeFeature")?.path == "Sources/Features/Home")
        #expect(facts.target("Core")?.exclude == ["README.md"])
        #expect(facts.target("Networking")?.sources == ["Client.swift", "Request.swift"])
    }

    @Test func readsDependenciesThroughConstantsHelpersAndBranches() {
        #expect(facts.target("HomeFeature")?.dependencies.map { $0.name + ($0.condition.map { " [\($0)]" } ?? "") } == [
            "Core", "Logging", "DesignSystem", "OrderedCollections", "Networking", "DesignSystem",
            "LinuxSupport [os(Linux)]", "Analytics [!(os(Linux)) && swift(>=5.9)]",
        ])
        #expect(facts.target("SearchFeature")?.dependencyNames.last == "HomeFeature")
        #expect(facts.target("Analytics")?.dependencies.first?.condition == ".when(platforms: [.iOS])")
        #expect(facts.products.map(\.name) == ["MessyKit", "messy-cli"])
        #expect(facts.dependencies.map { $0.identity + ($0.condition.map { " [\($0)]" } ?? "") } == [
            // `useLocalDesignTokens` is `false`: only the other branch is declared, as Swift decides it.
            "swift-log", "swift-collections", "design-tokens", "localtools",
        ])
    }

    @Test func reportsExactlyWhatItCannotResolve() {
        // The name read from the environment is reported where the target needs it.
        #expect(facts.unresolved.map(\.location) == [
            at("pluginName))", in: source),
            at("target.dependencies.append", in: source),
        ])
    }

    /// The dump of the same manifest (Linux, no environment variables set) has nothing the static read neither
    /// found nor reported.
    @Test(.enabled(if: DumpPackageReaderTests.swiftIsAvailable))
    func agreesWithDumpPackage() throws {
        let dumped = try DumpPackageReader.read(packageDirectory: Self.directory.path, manifestPath: "Package.swift")
        let staticNames = Set(facts.targetNames)
        let missing = dumped.targets.map(\.name).filter { !staticNames.contains($0) }
        #expect(missing == ["MessyPlugin"])  // the environment read
        #expect(dumped.target("CoreTests")?.dependencyNames == ["Core", "TestSupport"])  // the loop
        for target in dumped.targets where staticNames.contains(target.name) && target.name != "CoreTests" {
            #expect(Set(target.dependencyNames).isSubset(of: Set(facts.target(target.name)?.dependencyNames ?? [])), "\(target.name)")
        }
        #expect(dumped.target("HomeFeature")?.location == facts.target("HomeFeature")?.location)
    }
}
