import ArchlintKit
import ArchlintModel
import Testing
@testable import ArchlintCLI

/// `archlint explain` on Fixtures/features-by-shape: what each module is and which rule of the model said so.
@Suite struct ExplainCommandTests {
    private func explain(_ name: String) throws -> String {
        let analysis = try FixtureGoldenTests.analyze("features-by-shape")
        let module = try #require(analysis.moduleGraph.nodes.first { $0.name == name && $0.type != .external })
        return ExplainCommand.explain(module, analysis.classifier, graph: analysis.moduleGraph)
    }

    @Test func featuresWithoutTheSuffixSayWhy() throws {
        let home = try explain("Home")
        #expect(home.hasPrefix("Home: feature\n  why: a feature: it sits in the features folder Features/\n"))
        #expect(home.contains("  family: Home (with HomeInterface, HomeTesting, HomeTests)\n"))
        #expect(try explain("Profile").contains("why: a feature: it sits in the features folder Features/\n"))
    }

    @Test func sharedBasesFamilyMembersAndLowerLayersAreNoFeatures() throws {
        let theme = try explain("Theme")
        #expect(theme.hasPrefix("Theme: shared\n  why: a shared base: 3 features depend on it (Home, Profile, Settings) and it depends on no feature\n"))
        #expect(try explain("HomeTesting").hasPrefix("HomeTesting: core\n  why: not a feature: a member of Home's family"))
        #expect(try explain("Networking").hasPrefix("Networking: core\n  why: not a feature: it sits in the folder Core/, a lower layer's\n"))
        // An interface split outside the features folder the package keeps its features in.
        #expect(try explain("TokenStore").hasPrefix("TokenStore: core\n"))
        #expect(try explain("AppRoot").hasPrefix("AppRoot: app\n  why: a composition root"))
    }
}
