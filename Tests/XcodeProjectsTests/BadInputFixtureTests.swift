import ArchlintModel
import Testing

@testable import XcodeProjects

/// `Fixtures/xcode-bad-input`: each broken project gives exactly one issue, at the line that is wrong.
struct BadInputFixtureTests {
    private let repository = FixtureRepository("xcode-bad-input")

    @Test func aTruncatedProjectIsOneIssueAtTheEndOfTheFile() {
        let facts = repository.xcodeProject("Truncated/Truncated.xcodeproj")
        #expect(facts.targets == [])
        #expect(facts.issues.count == 1)
        #expect(facts.issues.first?.file == "Truncated/Truncated.xcodeproj/project.pbxproj")
        #expect(facts.issues.first?.line == 59)
        #expect(facts.issues.first?.message.contains("not a readable property list") == true)
    }

    @Test func mergeConflictMarkersAreOneIssueAtTheFirstMarker() {
        let facts = repository.xcodeProject("Conflicted/Conflicted.xcodeproj")
        #expect(facts.targets == [])
        #expect(facts.issues.map(\.line) == [40])
        #expect(facts.issues.map(\.column) == [1])
        #expect(facts.issues.first?.message.contains("merge conflict") == true)
    }

    @Test func aDanglingBuildFileIsOneIssueAtItsEntryAndTheRestIsRead() {
        let facts = repository.xcodeProject("Dangling/Dangling.xcodeproj")
        #expect(facts.targets.map(\.name) == ["Dangling"])
        #expect(facts.targets.map(\.type) == [.app])
        #expect(facts.targets.first?.swiftSources == ["Dangling/Sources/AppMain.swift"])
        #expect(facts.issues.count == 1)
        #expect(facts.issues.first?.line == 96)
        #expect(facts.issues.first?.message.contains("3C8E21A52B7D4F1000D1E2F3") == true)
    }

    @Test func aSpecWithAYAMLErrorIsOneIssueAtItsLine() {
        let facts = XcodeGenSpecReader.read(specPath: "Spec/project.yml", fileSystem: repository)
        #expect(facts.targets == [])
        #expect(facts.issues.count == 1)
        #expect(facts.issues.first?.file == "Spec/project.yml")
        #expect(facts.issues.first?.line == 9)
    }
}
