import Foundation
import Scaffolding
import Testing

/// Bad input gets a message that says what to change, and nothing is written.
@Suite struct ScaffoldBadInputTests {
    /// Plans (and writes, when planning succeeds) in a copy of the fixture; returns the error's message and checks
    /// that the tree is unchanged.
    func failure(_ request: ScaffoldRequest, fixture: String = "scaffold-app", prepare: (URL) throws -> Void = { _ in }) throws -> String? {
        let root = try ScaffoldFixtures.copy(fixture)
        defer { try? FileManager.default.removeItem(at: root) }
        try prepare(root)
        let before = ScaffoldFixtures.snapshot(root)
        do {
            try ScaffoldWriter.write(try ScaffoldFixtures.plan(request, in: root))
        } catch let error as ScaffoldError {
            #expect(ScaffoldFixtures.snapshot(root) == before, "something was written")
            return error.message
        }
        Issue.record("no error")
        return nil
    }

    @Test func unknownParentSuggestsTheClosestName() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfilComponent"))
        #expect(message == "No Needle component named 'ProfilComponent'. Did you mean 'ProfileComponent'?")
    }

    @Test func parentInTwoAppScopesNeedsApp() throws {
        let message = try #require(try failure(ScaffoldRequest(name: "Settings", parent: "AppComponent"), fixture: "needle-sample-apps"))
        #expect(message.hasPrefix("'AppComponent' is declared in several Needle scopes; choose one with --app:\n"))
        #expect(message.contains("Apps/LoggedInSample/AppComponent.swift:5: app TicTacToe/LoggedInSample"))
        #expect(message.contains("Apps/TicTacToe/AppComponent.swift"))
    }

    @Test func appChoosesAmongScopes() throws {
        let root = try ScaffoldFixtures.copy("needle-sample-apps")
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ScaffoldFixtures.plan(
            ScaffoldRequest(name: "Settings", parent: "AppComponent", app: "TicTacToe/LoggedInSample"), in: root)
        #expect(plan.parentPatch.path == "Apps/LoggedInSample/AppComponent.swift")
        // A component that several apps share through a library is one parent, not an ambiguity.
        let shared = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "GameComponent"), in: root)
        #expect(shared.parentPatch.path == "Features/Game/GameComponent.swift")
    }

    @Test func unknownAppListsTheScopes() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "AppComponent", app: "Nope"), fixture: "needle-sample-apps")
        #expect(message?.hasPrefix("--app Nope names no Needle scope. Scopes: ") == true)
    }

    @Test(arguments: ["class", "self", "Self", "Any", "3D", "My-Feature", "", "Set tings", "`Settings`", "init"])
    func nameMustBeASwiftIdentifier(name: String) throws {
        let message = try #require(try failure(ScaffoldRequest(name: name, parent: "ProfileComponent")))
        #expect(message.hasPrefix("NAME: "))
    }

    @Test func existingFileNeedsForce() throws {
        let prepare = { (root: URL) in
            let folder = root.appendingPathComponent("Sources/Profile/Settings")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("// mine\n".utf8).write(to: folder.appendingPathComponent("SettingsComponent.swift"))
        }
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), prepare: prepare)
        #expect(message == "Already exists: Sources/Profile/Settings/SettingsComponent.swift. Choose another NAME, or pass --force to replace it.")

        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        try prepare(root)
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent", force: true), in: root)
        try ScaffoldWriter.write(plan)
        let written = try String(contentsOf: root.appendingPathComponent("Sources/Profile/Settings/SettingsComponent.swift"), encoding: .utf8)
        #expect(written.contains("final class SettingsComponent: Component<SettingsDependency>"))
    }

    @Test func existingComponentNameIsRefused() throws {
        let message = try failure(ScaffoldRequest(name: "Profile", parent: "ProfileComponent"))
        #expect(message == "A component named ProfileComponent already exists at Sources/Profile/ProfileComponent.swift:9. Choose another NAME, or pass --force to regenerate its files.")
    }

    @Test func secondFactoryOfTheSameNameIsRefused() throws {
        let message = try failure(ScaffoldRequest(name: "Profile2", parent: "RootComponent")) { root in
            let url = root.appendingPathComponent("Sources/App/RootComponent.swift")
            var text = try String(contentsOf: url, encoding: .utf8)
            text = text.replacingOccurrences(of: "    public var session: Session {", with: "    var profile2Component: Int { 0 }\n\n    public var session: Session {")
            try Data(text.utf8).write(to: url)
        }
        #expect(message == "RootComponent already has a member named profile2Component. Pass --force to regenerate the files and keep it.")
    }

    /// `--force` over an earlier run regenerates the files and leaves the parent as it is.
    @Test func forceRegeneratesAndKeepsTheParent() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let request = ScaffoldRequest(name: "Settings", parent: "ProfileComponent", flavor: .ribs)
        try ScaffoldWriter.write(try ScaffoldFixtures.plan(request, in: root))
        let component = root.appendingPathComponent("Sources/Profile/Settings/SettingsComponent.swift")
        try Data("// edited\n".utf8).write(to: component)
        let afterFirst = ScaffoldFixtures.snapshot(root)
        var forced = request
        forced.force = true
        let written = try ScaffoldWriter.write(try ScaffoldFixtures.plan(forced, in: root))
        #expect(!written.contains("Sources/Profile/ProfileComponent.swift"))
        var expected = afterFirst
        expected["Sources/Profile/Settings/SettingsComponent.swift"] = ScaffoldFixtures.snapshot(root)["Sources/Profile/Settings/SettingsComponent.swift"]
        #expect(ScaffoldFixtures.snapshot(root) == expected)
        #expect(try String(contentsOf: component, encoding: .utf8).contains("final class SettingsComponent"))
    }

    @Test func unknownModuleSuggestsTheClosest() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfileComponent", module: "Profiles"))
        #expect(message == "--module Profiles names no module with sources. Did you mean 'Profile'?")
    }

    @Test func interfaceNeedsABuilder() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfileComponent", interfaceModule: "FeatureInterfaces"))
        #expect(message?.hasPrefix("--interface holds the Buildable protocol") == true)
    }

    /// The parent's file changes between the plan and the write: it is not overwritten, and nothing else is written.
    @Test func parentChangedSinceReadIsNeverOverwritten() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root)
        let parent = root.appendingPathComponent(plan.parentPatch.path)
        let edited = Data((String(decoding: plan.parentPatch.original, as: UTF8.self) + "// edited meanwhile\n").utf8)
        try edited.write(to: parent)
        let before = ScaffoldFixtures.snapshot(root)
        #expect(throws: ScaffoldError("\(plan.parentPatch.path) changed since it was read; nothing was written. Run the command again.")) {
            try ScaffoldWriter.write(plan)
        }
        #expect(ScaffoldFixtures.snapshot(root) == before)
    }

    @Test func unknownTemplateOverrideIsAnError() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfileComponent")) { root in
            let folder = root.appendingPathComponent(".archlint/templates")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.appendingPathComponent("componnent.stencil"))
        }
        #expect(message?.hasPrefix(".archlint/templates/componnent.stencil: no built-in template is named 'componnent'.") == true)
    }

    @Test func overrideThatRendersBrokenSwiftIsRefused() throws {
        let message = try failure(ScaffoldRequest(name: "Settings", parent: "ProfileComponent")) { root in
            let folder = root.appendingPathComponent(".archlint/templates")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("final class {{ component }}: Component<{{ dependency }}> {\n".utf8)
                .write(to: folder.appendingPathComponent("component.stencil"))
        }
        #expect(message?.hasPrefix("Sources/Profile/Settings/SettingsComponent.swift:1:63: error: the generated code doesn't parse: ") == true, "\(message ?? "")")
        #expect(message?.hasSuffix("Fix .archlint/templates/component.stencil.") == true)
    }
}

/// Where the files go in the parent's module.
@Suite struct ScaffoldPlacementTests {
    func app(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("archlint-place-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    static let manifest = """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "P", dependencies: [.package(url: "https://github.com/uber/needle.git", from: "0.25.0")],
            targets: [.target(name: "App", dependencies: [.product(name: "NeedleFoundation", package: "needle")])])
        """
    static let root = "import NeedleFoundation\n\nfinal class RootComponent: BootstrapComponent {\n    var home: HomeComponent { HomeComponent(parent: self) }\n}\n"
    static let home = "import NeedleFoundation\n\nprotocol HomeDependency: Dependency {}\n\nfinal class HomeComponent: Component<HomeDependency> {}\n"

    /// `Scenes/Home/HomeComponent.swift` → the new feature beside it, in `Scenes/Settings/`.
    @Test func besideTheParentsFeatureFolder() throws {
        let root = try app([
            "Package.swift": Self.manifest, "Sources/App/Scenes/Root/RootComponent.swift": Self.root,
            "Sources/App/Scenes/Home/HomeComponent.swift": Self.home,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "HomeComponent"), in: root)
        #expect(plan.files.map(\.path) == ["Sources/App/Scenes/Settings/SettingsComponent.swift"])
        try ScaffoldWriter.write(plan)
        #expect(try ScaffoldFixtures.analyze(root).diagnostics.isEmpty)
    }

    /// A parent in a folder not named after it: the new feature in the module's folder.
    @Test func inTheModuleFolderOtherwise() throws {
        let root = try app([
            "Package.swift": Self.manifest, "Sources/App/DI/RootComponent.swift": Self.root,
            "Sources/App/DI/HomeComponent.swift": Self.home,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "HomeComponent"), in: root)
        #expect(plan.files.map(\.path) == ["Sources/App/Settings/SettingsComponent.swift"])
    }
}

@Suite struct ScaffoldFileSafetyTests {
    @Test func symlinkedParentIsPatchedThroughTheLink() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let parent = root.appendingPathComponent("Sources/Profile/ProfileComponent.swift")
        let real = root.appendingPathComponent("Shared/ProfileComponent.txt")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: parent, to: real)
        try FileManager.default.createSymbolicLink(atPath: parent.path, withDestinationPath: "../../Shared/ProfileComponent.txt")
        let plan = try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root)
        try ScaffoldWriter.write(plan)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: parent.path)) == "../../Shared/ProfileComponent.txt")
        #expect(try String(contentsOf: real, encoding: .utf8) == plan.parentPatch.patched)
    }

    @Test func overrideMustBeARegularFile() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".archlint/templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("component.stencil").path, 0o644) == 0)
        #expect(throws: ScaffoldError(".archlint/templates/component.stencil is not a regular file of UTF-8 text of at most 1 MiB.")) {
            try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root)
        }
    }

    /// A template that is a symlink out of the repository is refused, and what it points to never named.
    @Test func overrideLeadingOutsideIsRefused() throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".archlint/templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("component.stencil").path, withDestinationPath: "/etc/hostname")
        #expect(throws: ScaffoldError(
            ".archlint/templates/component.stencil leads outside \(root.path) through a symlink; archlint reads only inside "
                + "the repository (--allow-outside-root lets it). Keep the templates in the repository.")) {
            try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root)
        }
    }
}
