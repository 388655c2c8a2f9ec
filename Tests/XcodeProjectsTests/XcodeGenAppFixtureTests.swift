import ArchlintModel
import Testing

@testable import XcodeProjects

/// `Fixtures/xcodegen-app`: every target of `project.yml` and its include, with hand-derived files and dependencies.
struct XcodeGenAppFixtureTests {
    private let repository = FixtureRepository("xcodegen-app")
    private var facts: ProjectFacts { XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: repository) }

    private func target(_ name: String) throws -> ProjectTarget {
        try #require(facts.targets.first { $0.name == name })
    }

    @Test func readsTheSpecAndItsIncludeWithoutIssues() {
        let facts = facts
        #expect(facts.name == "Notes")
        #expect(facts.source == .xcodegen)
        #expect(Set(facts.targets.map(\.name)) == ["Notes", "NotesKit", "NotesTests", "NotesKitTests"])
        #expect(facts.targets.count == 4)
        #expect(facts.issues == [])
        #expect(Set(facts.packages) == [
            ProjectPackageReference(kind: .local, location: "Packages/Design"),
            ProjectPackageReference(kind: .remote, location: "https://github.com/swiftlang/swift-markdown"),
        ])
    }

    @Test func typesComeFromTheSpec() throws {
        #expect(try target("Notes").type == .app)
        #expect(try target("NotesKit").type == .framework)
        #expect(try target("NotesTests").type == .unitTest)
        #expect(try target("NotesKitTests").type == .unitTest)
    }

    @Test func sourcesHonourExcludesAndIncludedPaths() throws {
        #expect(try target("Notes").swiftSources == ["Sources/Notes/NoteListView.swift", "Sources/Notes/NotesApp.swift"])
        #expect(try target("NotesKit").swiftSources == ["Frameworks/NotesKit/Note.swift", "Frameworks/NotesKit/NoteStore.swift"])
        #expect(try target("NotesTests").swiftSources == ["Tests/NotesTests/NoteListViewTests.swift"])
        #expect(try target("NotesKitTests").swiftSources == ["Tests/NotesKitTests/NoteStoreTests.swift"])
    }

    @Test func dependenciesAreTargetsAndPackageProducts() throws {
        #expect(try target("Notes").dependencies.map(describe) == [
            "target:NotesKit", "packageProduct:DesignSystem@Packages/Design",
        ])
        #expect(try target("NotesKit").dependencies.map(describe) == [
            "packageProduct:Markdown@https://github.com/swiftlang/swift-markdown",
        ])
        #expect(try target("NotesTests").dependencies.map(describe) == ["target:Notes"])
        #expect(try target("NotesKitTests").dependencies.map(describe) == ["target:NotesKit"])
    }

    @Test func positionsNameTheFileThatDeclaresThem() throws {
        let notes = try target("Notes")
        #expect(notes.file == "project.yml")
        #expect(notes.dependencies.map(\.line) == [24, 25])
        #expect(try target("NotesTests").file == "Specs/tests.yml")
    }
}
