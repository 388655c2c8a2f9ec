import ArchlintModel
import Manifests
import Graphs
import Rules
import Testing

/// Module rules on project targets (Xcode, XcodeGen), from hand-built workspaces shaped like the workspace stage
/// produces them.
@Suite struct ProjectModuleRuleTests {
    private static let corePackage = "CorePackage/Package.swift"

    /// An XcodeGen `project.yml` (or an `.xcodeproj`): App links Core (a framework of the same project), the
    /// local CorePackage's Networking product, UIKit (SDK) and the remote Lottie; AppTests tests App.
    private func workspace(source: ProjectFacts.Source = .xcodegen, appImports: [String], appDependencies: [ProjectTargetDependency]) -> WorkspaceModel {
        let path = source == .xcodeproj ? "App.xcodeproj" : "project.yml"
        let project = ProjectFacts(
            path: path, source: source, name: "App",
            targets: [
                ProjectTarget(
                    name: "App", productTypeIdentifier: "com.apple.product-type.application", dependencies: appDependencies,
                    line: 3, column: 3),
                ProjectTarget(name: "Core", productTypeIdentifier: "com.apple.product-type.framework", line: 20, column: 3),
                ProjectTarget(name: "Widget", productTypeIdentifier: "com.apple.product-type.app-extension", line: 25, column: 3),
                ProjectTarget(
                    name: "AppTests", productTypeIdentifier: "com.apple.product-type.bundle.unit-test",
                    dependencies: [ProjectTargetDependency(kind: .target, name: "App", line: 31, column: 9)], line: 30, column: 3),
            ],
            packages: [ProjectPackageReference(kind: .local, location: "CorePackage")])
        let core = ManifestFacts(
            path: Self.corePackage, packageName: "CorePackage",
            products: [ProductDecl(name: "Networking", kind: .library, targets: ["Networking"], line: 4, column: 9)],
            targets: [TargetDecl(name: "Networking", kind: .regular, line: 7, column: 9), TargetDecl(name: "Storage", kind: .regular, line: 8, column: 9)])
        let imports = appImports.enumerated().map { ImportDecl(module: $1, line: $0 + 1, column: 1) }
        return WorkspaceModel(
            root: "/repo", projects: [ProjectFacts(package: core, rootName: "repo"), project],
            modules: [
                Module(id: "App/App", name: "App", project: path, type: .app, files: ["App/App.swift"]),
                Module(id: "App/AppTests", name: "AppTests", project: path, type: .unitTest, files: ["AppTests/AppTests.swift"]),
                Module(id: "App/Core", name: "Core", project: path, type: .framework, files: ["Core/Core.swift"]),
                Module(id: "App/Widget", name: "Widget", project: path, type: .appExtension, files: ["Widget/Widget.swift"]),
                Module(id: "CorePackage/Networking", name: "Networking", package: "CorePackage", manifest: Self.corePackage, type: .regular, files: ["CorePackage/Sources/Networking/N.swift"]),
                Module(id: "CorePackage/Storage", name: "Storage", package: "CorePackage", manifest: Self.corePackage, type: .regular, files: ["CorePackage/Sources/Storage/S.swift"]),
            ],
            files: [
                ScannedFile(facts: FileFacts(path: "App/App.swift", imports: imports), module: "App/App"),
                ScannedFile(facts: FileFacts(path: "AppTests/AppTests.swift", imports: [ImportDecl(module: "App", attributes: ["testable"], line: 1, column: 1)]), module: "App/AppTests"),
            ])
    }

    private func dependency(_ kind: ProjectTargetDependency.Kind, _ name: String, line: Int, package: ProjectPackageReference? = nil) -> ProjectTargetDependency {
        ProjectTargetDependency(kind: kind, name: name, package: package, line: line, column: 9)
    }

    private func run(_ rule: some Rule, _ workspace: WorkspaceModel) -> [String] {
        let context = LintContext(
            workspace: workspace, moduleGraph: ModuleGraphBuilder.build(workspace), componentGraph: ComponentGraph(),
            configuration: ArchlintConfiguration())
        return rule.check(context).sorted(by: Diagnostic.stableOrder).map(\.line)
    }

    private var fullDependencies: [ProjectTargetDependency] {
        [
            dependency(.target, "Widget", line: 4),
            dependency(.linkedProduct, "Core", line: 5),
            dependency(.packageProduct, "Networking", line: 6),
            dependency(.linkedProduct, "UIKit", line: 7),
            dependency(.packageProduct, "Lottie", line: 8, package: ProjectPackageReference(kind: .remote, location: "https://github.com/airbnb/lottie-spm")),
        ]
    }

    @Test func anAppImportingWhatItDoesNotLinkIsUndeclaredAndSaysWhereToDeclareIt() {
        let workspace = workspace(appImports: ["UIKit", "Core", "Networking", "Storage", "Lottie"], appDependencies: [])
        #expect(run(UndeclaredImportRule(), workspace) == [
            "App/App.swift:2:1: 'App' imports 'Core', which its target doesn't declare (it compiles only while the build order "
                + "happens to build 'Core' first); add 'Core' to the `dependencies:` of target 'App' in project.yml",
            "App/App.swift:3:1: 'App' imports 'Networking', which its target doesn't declare (it compiles only while the build "
                + "order happens to build 'Networking' first); add product 'Networking' of package 'CorePackage' to the "
                + "`dependencies:` of target 'App' in project.yml",
            "App/App.swift:4:1: 'App' imports 'Storage', which its target doesn't declare (it compiles only while the build "
                + "order happens to build 'Storage' first); add a library product of package 'CorePackage' that exposes "
                + "'Storage' (it has none yet) to the `dependencies:` of target 'App' in project.yml",
        ])
    }

    /// SentoCrespo/BaseUIKitCombine declares each target in an included spec (`XcodeGen/project-App.yml`): the
    /// advice named `project.yml`, which declares none. It names the file that declares the target; a module of
    /// the same project is still added by name.
    @Test func aTargetOfAnIncludedSpecIsEditedThere() {
        var workspace = workspace(appImports: ["Core"], appDependencies: [])
        let index = workspace.projects.firstIndex { $0.path == "project.yml" }!
        workspace.projects[index].targets[0].file = "XcodeGen/project-App.yml"
        #expect(run(UndeclaredImportRule(), workspace) == [
            "App/App.swift:1:1: 'App' imports 'Core', which its target doesn't declare (it compiles only while the build order "
                + "happens to build 'Core' first); add 'Core' to the `dependencies:` of target 'App' in XcodeGen/project-App.yml",
        ])
    }

    @Test func anXcodeProjectNamesFrameworksLibrariesAndEmbeddedContent() {
        let workspace = workspace(source: .xcodeproj, appImports: ["Core"], appDependencies: [])
        #expect(run(UndeclaredImportRule(), workspace) == [
            "App/App.swift:1:1: 'App' imports 'Core', which its target doesn't declare (it compiles only while the build order "
                + "happens to build 'Core' first); add 'Core' to the \"Frameworks, Libraries, and Embedded Content\" of "
                + "target 'App' in App.xcodeproj",
        ])
    }

    @Test func linkedAndDeclaredImportsAreNotReported() {
        let workspace = workspace(appImports: ["UIKit", "Core", "Networking", "Lottie"], appDependencies: fullDependencies)
        #expect(run(UndeclaredImportRule(), workspace) == [])
        #expect(run(UnusedDependencyRule(), workspace) == [])
    }

    @Test func aLinkedProductNeverImportedIsUnusedButSDKFrameworksAndEmbeddedAppsAreNot() {
        let workspace = workspace(appImports: ["UIKit"], appDependencies: fullDependencies)
        #expect(run(UnusedDependencyRule(), workspace) == [
            "project.yml:5:9: target 'App' declares a dependency on 'Core' but none of its files imports it; remove it from "
                + "the target's `dependencies:` in project.yml",
            "project.yml:6:9: target 'App' declares a dependency on 'Networking' but none of its files imports it; remove it "
                + "from the target's `dependencies:` in project.yml",
            "project.yml:8:9: target 'App' declares a dependency on 'Lottie' but none of its files imports it; remove it from "
                + "the target's `dependencies:` in project.yml",
        ])
    }

    @Test func unitTestTargetsAreTestsForGraphFilters() throws {
        let workspace = workspace(appImports: [], appDependencies: [])
        let graph = ModuleGraphBuilder.build(workspace)
        let filtered = try GraphFilters.apply(GraphFilterOptions(hideTests: true), to: graph)
        #expect(!filtered.nodes.contains { $0.id == "App/AppTests" })
        #expect(filtered.nodes.contains { $0.id == "App/App" })
    }

    @Test func aFileSharedByAnAppAndItsExtensionIsCheckedForEachTarget() {
        var workspace = workspace(appImports: [], appDependencies: [dependency(.linkedProduct, "Core", line: 5)])
        let shared = FileFacts(path: "Shared/Log.swift", imports: [ImportDecl(module: "Core", line: 2, column: 1)])
        workspace.files += [ScannedFile(facts: shared, module: "App/App"), ScannedFile(facts: shared, module: "App/Widget")]
        let context = LintContext(
            workspace: workspace, moduleGraph: ModuleGraphBuilder.build(workspace), componentGraph: ComponentGraph(),
            configuration: ArchlintConfiguration())
        let diagnostics = UndeclaredImportRule().check(context)
        #expect(diagnostics.map(\.line) == [
            "Shared/Log.swift:2:1: 'Widget' imports 'Core', which its target doesn't declare (it compiles only while the "
                + "build order happens to build 'Core' first); add 'Core' to the `dependencies:` of target 'Widget' in project.yml",
        ])
        #expect(diagnostics.map(\.module) == ["Widget"])
        #expect(diagnostics.first?.related.map(\.location) == [ArchlintModel.SourceLocation(file: "project.yml", line: 25, column: 3)])
    }
}
