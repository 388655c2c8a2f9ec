import ArchlintModel
import Testing

@testable import XcodeProjects

/// `Fixtures/xcode-app`: every target, its type, the exact Swift files it compiles and its dependencies, derived by
/// hand from the project file (see the fixture's README).
struct XcodeAppFixtureTests {
    private let repository = FixtureRepository("xcode-app")
    private var facts: ProjectFacts { repository.xcodeProject("App.xcodeproj") }

    private func target(_ name: String) throws -> ProjectTarget {
        try #require(facts.targets.first { $0.name == name })
    }

    @Test func readsEveryTargetWithItsTypeAndNoIssue() {
        let facts = facts
        #expect(facts.name == "App")
        #expect(facts.source == .xcodeproj)
        #expect(facts.targets.map(\.name) == ["App", "WidgetExtension", "ShareExtension", "AppTests"])
        #expect(facts.targets.map(\.type) == [.app, .appExtension, .appExtension, .unitTest])
        // Located where the project lists it.
        #expect(facts.packages == [ProjectPackageReference(kind: .local, location: "Packages/Core", line: 358, column: 5)])
        #expect(facts.issues == [])
    }

    @Test func eachTargetCompilesExactlyItsSwiftFiles() throws {
        #expect(repository.compiledSwiftFiles(of: try target("App")) == [
            "App/AppDelegate.swift", "App/RootViewController.swift", "App/SceneDelegate.swift",
            "Shared/ShareFormatter.swift", "Widget/Models/WidgetEntry.swift",
        ])
        #expect(repository.compiledSwiftFiles(of: try target("WidgetExtension")) == [
            "Widget/AppWidgetBundle.swift", "Widget/Models/WidgetEntry.swift", "Widget/StatusTimelineProvider.swift",
        ])
        #expect(repository.compiledSwiftFiles(of: try target("ShareExtension")) == [
            "ShareExtension/ShareViewController.swift", "Shared/ShareFormatter.swift",
        ])
        #expect(repository.compiledSwiftFiles(of: try target("AppTests")) == ["AppTests/AppTests.swift"])
    }

    @Test func theSynchronizedFolderAndItsExceptionSetsAreKeptApart() throws {
        let widget = try target("WidgetExtension")
        #expect(widget.swiftSources == [])
        #expect(widget.synchronizedFolders == [
            SynchronizedFolder(path: "Widget", excluded: ["Widget/Info.plist", "Widget/Preview/WidgetPreviewData.swift"]),
        ])
        #expect(widget.synchronizedAdditions == [])
        let app = try target("App")
        #expect(app.swiftSources == [
            "App/AppDelegate.swift", "App/RootViewController.swift", "App/SceneDelegate.swift",
            "Shared/ShareFormatter.swift",
        ])
        #expect(app.synchronizedFolders == [])
        #expect(app.synchronizedAdditions == ["Widget/Models/WidgetEntry.swift"])
    }

    @Test func dependenciesAreTheTargetsAndPackageProductsXcodeLinks() throws {
        #expect(try target("App").dependencies.map(describe) == [
            "target:WidgetExtension", "target:ShareExtension",
            "packageProduct:Core@Packages/Core", "packageProduct:ProfileFeature@Packages/Core",
            "packageProduct:SettingsFeature@Packages/Core",
        ])
        #expect(try target("WidgetExtension").dependencies.map(describe) == ["packageProduct:Core@Packages/Core"])
        #expect(try target("ShareExtension").dependencies.map(describe) == ["packageProduct:Core@Packages/Core"])
        #expect(try target("AppTests").dependencies.map(describe) == ["target:App"])
    }

    @Test func positionsPointAtTheProjectFile() throws {
        let app = try target("App")
        #expect(app.file == "App.xcodeproj/project.pbxproj")
        #expect(app.line == 235)
        // The unused `SettingsFeature` product is reported at its entry in the target's list.
        #expect(app.dependencies.first { $0.name == "SettingsFeature" }?.line == 254)
    }
}
