import ArchlintModel
import Foundation
import Testing

@testable import XcodeProjects

struct XcodeProjectReaderTests {
    private let facts = XcodeProjectReader.read(projectPath: "Apps/App.xcodeproj", pbxproj: Array(SampleProject.text.utf8))

    private func target(_ name: String) throws -> ProjectTarget {
        try #require(facts.targets.first { $0.name == name })
    }

    @Test func readsEveryTargetWithItsType() {
        #expect(facts.targets.map(\.name) == ["App", "Widget", "Core", "AppTests", "Lint"])
        #expect(facts.targets.map(\.type) == [.app, .appExtension, .framework, .unitTest, .other])
        #expect(facts.targets.first?.productTypeIdentifier == "com.apple.product-type.application")
        #expect(facts.issues == [])
    }

    @Test func resolvesSourcePathsThroughTheGroupTree() throws {
        // <group> under App, SOURCE_ROOT, a group with both name and path, $(SRCROOT); storyboards are not Swift.
        #expect(try target("App").swiftSources == ["Apps/App/AppDelegate.swift", "Apps/Shared/Shared.swift"])
        #expect(try target("Core").swiftSources == ["Apps/Modules/Core/Core.swift"])
        #expect(try target("AppTests").swiftSources == ["Apps/AppTests/AppTests.swift"])
        #expect(try target("Lint").swiftSources == [])
    }

    @Test func aFileCompiledByTheAppAndTheExtensionBelongsToBoth() throws {
        #expect(try target("App").swiftSources.contains("Apps/Shared/Shared.swift"))
        #expect(try target("Widget").swiftSources == ["Apps/Shared/Shared.swift"])
    }

    @Test func synchronizedFoldersCarryTheirExceptions() throws {
        let widget = try target("Widget")
        #expect(widget.synchronizedFolders == [
            SynchronizedFolder(path: "Apps/Widget", excluded: ["Apps/Widget/Info.plist", "Apps/Widget/Old/Legacy.swift"]),
        ])
        #expect(widget.synchronizedAdditions == [])
        // The app doesn't own the folder: its exception set adds exactly the file it names.
        let app = try target("App")
        #expect(app.synchronizedFolders == [])
        #expect(app.synchronizedAdditions == ["Apps/Widget/Model/Entry.swift"])
    }

    @Test func readsTargetPackageAndLinkedDependencies() throws {
        let app = try target("App")
        let local = ProjectPackageReference(kind: .local, location: "Apps/Packages/Features")
        let remote = ProjectPackageReference(kind: .remote, location: "https://github.com/airbnb/lottie-spm")
        #expect(app.dependencies.map { [$0.kind.rawValue, $0.name, $0.project ?? "-"] } == [
            ["target", "Widget", "-"],
            ["target", "Core", "-"],
            ["target", "Payments", "Payments/Payments.xcodeproj"],
            ["packageProduct", "FeatureA", "-"],
            ["packageProduct", "Lottie", "-"],
            ["linkedProduct", "Core", "-"],
        ])
        #expect(app.dependencies.compactMap(\.package) == [local, remote])
        // The linked Core.framework is target Core's product reference: it names its producer.
        #expect(app.dependencies.compactMap(\.producer) == ["Core"])
        // Located where the project lists them.
        #expect(facts.packages.map { "\($0.kind) \($0.location) \($0.line ?? 0):\($0.column ?? 0)" } == [
            "local Apps/Packages/Features 71:89", "remote https://github.com/airbnb/lottie-spm 71:85",
        ])
        #expect(try target("AppTests").dependencies.map(\.name) == ["App"])
    }

    @Test func positionsPointAtTheTargetAndTheReference() throws {
        let app = try target("App")
        let line = SampleProject.text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("T1 /* App */ = {isa = PBXNativeTarget") }.map { $0 + 1 }
        #expect(app.line == line)
        #expect(app.dependencies.allSatisfy { $0.line == line || $0.kind == .linkedProduct })
    }

    @Test func danglingReferencesAreIssuesAtTheirLineAndTheRestIsRead() {
        let broken = SampleProject.text
            .replacingOccurrences(of: "buildPhases = (PH4, );", with: "buildPhases = (PH4, GONE, );")
            .replacingOccurrences(of: "files = (B9, );", with: "files = (B9, B404, );")
            .replacingOccurrences(of: "targets = (T1, T2, T3, T4, T5, );", with: "targets = (T1, T2, T3, T4, T5, T404, );")
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: Array(broken.utf8))
        #expect(facts.targets.count == 5)
        #expect(facts.targets.first { $0.name == "AppTests" }?.swiftSources == ["AppTests/AppTests.swift"])
        #expect(facts.issues.count == 3)
        #expect(facts.issues.allSatisfy { $0.message.contains("dangling reference") && $0.line > 1 })
        #expect(facts.issues.contains { $0.message.contains("`GONE`") })
        #expect(facts.issues.contains { $0.message.contains("`B404`") })
        #expect(facts.issues.contains { $0.message.contains("`T404`") })
    }

    @Test func aBrokenFileIsOneIssueAtItsLine() {
        let truncated = String(SampleProject.text.prefix(2_000))
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: Array(truncated.utf8))
        #expect(facts.targets == [])
        #expect(facts.issues.count == 1)
        #expect(facts.issues.first?.message.hasPrefix("project.pbxproj is not a readable property list") == true)
    }

    @Test func aPropertyListThatIsNotAProjectIsOneIssue() {
        for text in ["{ a = b; }", "{ objects = { X = {isa = PBXGroup;}; }; rootObject = Y; }", "( a )"] {
            let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: Array(text.utf8))
            #expect(facts.targets == [])
            #expect(facts.issues.count == 1, "\(text): \(facts.issues)")
        }
    }

    @Test func aCycleInTheGroupTreeIsAnIssueNotAHang() {
        let text = """
            { objects = {
              G1 = {isa = PBXGroup; children = (G2, F1); path = a; sourceTree = "<group>"; };
              G2 = {isa = PBXGroup; children = (G1); path = b; sourceTree = "<group>"; };
              F1 = {isa = PBXFileReference; path = X.swift; sourceTree = "<group>"; };
              B1 = {isa = PBXBuildFile; fileRef = F1; };
              P1 = {isa = PBXSourcesBuildPhase; files = (B1); };
              T1 = {isa = PBXNativeTarget; buildPhases = (P1); name = T; productType = "com.apple.product-type.tool"; };
              R = {isa = PBXProject; mainGroup = G1; targets = (T1); };
            }; rootObject = R; }
            """
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: Array(text.utf8))
        #expect(facts.targets.map(\.type) == [.tool])
        #expect(facts.targets.first?.swiftSources == [])
        #expect(facts.issues.map(\.message).contains { $0.contains("form a cycle") })
    }

    @Test(arguments: [
        ("com.apple.product-type.application", ModuleType.app),
        ("com.apple.product-type.application.on-demand-install-capable", .appClip),
        ("com.apple.product-type.application.watchapp2", .watchApp),
        ("com.apple.product-type.app-extension", .appExtension),
        ("com.apple.product-type.watchkit2-extension", .appExtension),
        ("com.apple.product-type.extensionkit-extension", .appExtension),
        ("com.apple.product-type.framework", .framework),
        ("com.apple.product-type.framework.static", .framework),
        ("com.apple.product-type.library.static", .staticLibrary),
        ("com.apple.product-type.library.dynamic", .dynamicLibrary),
        ("com.apple.product-type.bundle.unit-test", .unitTest),
        ("com.apple.product-type.bundle.ui-testing", .uiTest),
        ("com.apple.product-type.tool", .tool),
        ("com.apple.product-type.xpc-service", .other),
    ])
    func productTypes(identifier: String, type: ModuleType) {
        #expect(ModuleType(xcodeProductType: identifier) == type)
    }

    @Test func pathArithmeticIsLexical() {
        #expect(PathText.join("Apps", "../Shared/./X.swift") == "Shared/X.swift")
        #expect(PathText.join("", "../Outside/X.swift") == "../Outside/X.swift")
        #expect(PathText.join("Apps", "/abs/X.swift") == "/abs/X.swift")
        #expect(PathText.normalize("/../x") == "/x")
    }
}
