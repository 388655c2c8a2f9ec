import ArchlintModel
import Manifests
import Graphs
import Testing

/// Project targets (Xcode, XcodeGen, config `dependencies:`) in the module graph, from hand-built workspaces shaped
/// like the workspace stage produces them: projects + modules with `project` + one file entry per membership.
@Suite struct ProjectModuleGraphTests {
    private static let appProject = "App.xcodeproj"
    private static let appPBX = "App.xcodeproj/project.pbxproj"
    private static let frameworksProject = "Frameworks/Frameworks.xcodeproj"
    private static let corePackage = "CorePackage/Package.swift"

    private typealias Location = ArchlintModel.SourceLocation

    private func dependency(
        _ kind: ProjectTargetDependency.Kind, _ name: String, project: String? = nil, package: ProjectPackageReference? = nil,
        file: String? = nil, line: Int, condition: String? = nil
    ) -> ProjectTargetDependency {
        ProjectTargetDependency(kind: kind, name: name, project: project, package: package, file: file, line: line, column: 5, condition: condition)
    }

    private func projectModule(_ project: ProjectFacts, _ name: String, _ type: ModuleType, files: [String] = []) -> Module {
        Module(id: "\(project.name)/\(name)", name: name, project: project.path, type: type, files: files)
    }

    private func file(_ path: String, module: String, _ imports: [ImportDecl]) -> ScannedFile {
        ScannedFile(facts: FileFacts(path: path, imports: imports), module: module)
    }

    /// App.xcodeproj (App, Widget, AppTests) links Frameworks.xcodeproj's Core (product CoreKit), the local
    /// CorePackage and remote lottie-spm; a config module `Legacy` names modules directly.
    private func workspace() -> WorkspaceModel {
        let frameworks = ProjectFacts(
            path: Self.frameworksProject, source: .xcodeproj,
            targets: [
                ProjectTarget(name: "Core", productTypeIdentifier: "com.apple.product-type.framework", productName: "CoreKit", line: 20, column: 3),
                ProjectTarget(name: "Resources", productTypeIdentifier: "com.apple.product-type.bundle", line: 30, column: 3),
            ])
        let lottie = ProjectPackageReference(kind: .remote, location: "https://github.com/airbnb/lottie-spm.git")
        let local = ProjectPackageReference(kind: .local, location: "CorePackage")
        let app = ProjectFacts(
            path: Self.appProject, source: .xcodeproj,
            targets: [
                ProjectTarget(
                    name: "App", productTypeIdentifier: "com.apple.product-type.application",
                    dependencies: [
                        dependency(.target, "Widget", line: 11),
                        dependency(.linkedProduct, "CoreKit", line: 12),
                        dependency(.linkedProduct, "UIKit", line: 13),
                        dependency(.packageProduct, "Networking", package: local, line: 14),
                        dependency(.packageProduct, "Lottie", package: lottie, line: 15),
                        dependency(.packageProduct, "Ghost", line: 16),
                        dependency(.target, "Missing", line: 17),
                        dependency(.target, "Resources", project: Self.frameworksProject, line: 18),
                        dependency(.target, "Core", project: Self.frameworksProject, file: "App.xcconfig", line: 2),
                    ],
                    line: 10, column: 3),
                ProjectTarget(name: "Widget", productTypeIdentifier: "com.apple.product-type.app-extension", line: 40, column: 3),
                ProjectTarget(
                    name: "AppTests", productTypeIdentifier: "com.apple.product-type.bundle.unit-test",
                    dependencies: [dependency(.target, "App", line: 51)], line: 50, column: 3),
            ],
            packages: [local, lottie])
        let config = ProjectFacts(
            path: ".archlint.yml", source: .config, name: "Config",
            targets: [
                ProjectTarget(
                    name: "Legacy", productTypeIdentifier: nil,
                    dependencies: [
                        dependency(.module, "NetworkingModels", line: 4),
                        dependency(.module, "SnapKit", line: 5, condition: "DEBUG"),
                    ],
                    line: 3, column: 5),
            ])
        let core = ManifestFacts(
            path: Self.corePackage, packageName: "CorePackage",
            products: [ProductDecl(name: "Networking", kind: .library, targets: ["Networking", "NetworkingModels"], line: 4, column: 9)],
            targets: [TargetDecl(name: "Networking", kind: .regular, line: 7, column: 9), TargetDecl(name: "NetworkingModels", kind: .regular, line: 8, column: 9)])
        return WorkspaceModel(
            root: "/repo", projects: [config, app, frameworks, ProjectFacts(package: core, rootName: "repo")],
            modules: [
                projectModule(app, "App", .app, files: ["App/AppDelegate.swift", "Shared/Log.swift"]),
                projectModule(app, "Widget", .appExtension, files: ["Shared/Log.swift", "Widget/Widget.swift"]),
                projectModule(app, "AppTests", .unitTest, files: ["AppTests/AppTests.swift"]),
                projectModule(frameworks, "Core", .framework, files: ["Core/Core.swift"]),
                Module(id: "CorePackage/Networking", name: "Networking", package: "CorePackage", manifest: Self.corePackage, type: .regular),
                Module(id: "CorePackage/NetworkingModels", name: "NetworkingModels", package: "CorePackage", manifest: Self.corePackage, type: .regular),
                Module(id: "Legacy", name: "Legacy", project: ".archlint.yml", type: .config, files: ["Legacy/Old.swift"]),
            ],
            files: [
                file("App/AppDelegate.swift", module: "App/App", [
                    ImportDecl(module: "UIKit", line: 1, column: 1),
                    ImportDecl(module: "CoreKit", line: 2, column: 1),
                    ImportDecl(module: "Lottie", line: 3, column: 1),
                    ImportDecl(module: "NetworkingModels", line: 4, column: 1),
                    ImportDecl(module: "Widget", line: 5, column: 1),
                ]),
                file("AppTests/AppTests.swift", module: "App/AppTests", [
                    ImportDecl(module: "App", attributes: ["testable"], line: 1, column: 1),
                ]),
                file("Legacy/Old.swift", module: "Legacy", [ImportDecl(module: "SnapKit", line: 1, column: 1)]),
                file("Shared/Log.swift", module: "App/App", [ImportDecl(module: "CoreKit", line: 1, column: 1)]),
                file("Shared/Log.swift", module: "App/Widget", [ImportDecl(module: "CoreKit", line: 1, column: 1)]),
            ])
    }

    /// Two targets build `Shared.framework` (module `Shared`) for iOS and watchOS: the linked product file says which
    /// one the watch app links, and a file of `Shared-watchOS` importing `Shared` imports its own module (ignored).
    @Test func aLinkedProductResolvesToTheTargetWhoseProductItIsAndAnImportOfTheOwnModuleIsNoEdge() {
        var linked = dependency(.linkedProduct, "Shared", line: 12)
        linked.producer = "Shared-watchOS"
        var shared = ["Shared-iOS", "Shared-watchOS"].enumerated().map { index, name in
            ProjectTarget(name: name, productTypeIdentifier: "com.apple.product-type.framework", productName: "Shared", line: 20 + index, column: 3)
        }
        for index in shared.indices { shared[index].moduleName = "Shared" }
        let project = ProjectFacts(
            path: Self.appProject, source: .xcodeproj,
            targets: shared + [
                ProjectTarget(name: "WatchApp", productTypeIdentifier: "com.apple.product-type.application", dependencies: [linked], line: 10, column: 3),
            ])
        let modules = [
            projectModule(project, "Shared-iOS", .framework, files: ["Shared/A.swift"]),
            projectModule(project, "Shared-watchOS", .framework, files: ["Shared/A.swift"]),
            projectModule(project, "WatchApp", .app, files: ["Watch/App.swift"]),
        ]
        let workspace = WorkspaceModel(
            root: "/repo", projects: [project], modules: modules,
            files: [
                file("Shared/A.swift", module: "App/Shared-iOS", [ImportDecl(module: "Shared", line: 1, column: 1)]),
                file("Shared/A.swift", module: "App/Shared-watchOS", [ImportDecl(module: "Shared", line: 1, column: 1)]),
                file("Watch/App.swift", module: "App/WatchApp", [ImportDecl(module: "Shared", line: 1, column: 1)]),
            ])
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.map { "\($0.from) \($0.kind.rawValue) \($0.to)" }.sorted() == [
            "App/WatchApp declared App/Shared-watchOS",
            "App/WatchApp import App/Shared-watchOS",
        ])
    }

    /// Tuist-Junha holds three Tuist workspaces, each with its own `Core`: an import no declaration decides means the
    /// `Core` nearest the importer in the tree, not the first by path.
    @Test func anUndeclaredImportMeansTheModuleNearestTheImporter() {
        func project(_ path: String, _ target: String, _ type: String) -> ProjectFacts {
            ProjectFacts(path: path, source: .tuist, targets: [
                ProjectTarget(name: target, productTypeIdentifier: "com.apple.product-type.\(type)", line: 3, column: 3),
            ])
        }
        let hexagonal = project("Hexagonal/Projects/Core/Project.swift", "Core", "framework")
        let clean = project("Clean/Projects/Core/Project.swift", "Core", "framework")
        let app = project("Clean/Projects/App/Project.swift", "App", "application")
        let hexagonalApp = project("Hexagonal/Projects/App/Project.swift", "App", "application")
        let modules = [
            Module(id: "Hexagonal/Core", name: "Core", project: hexagonal.path, type: .framework, files: ["Hexagonal/Projects/Core/Sources/A.swift"]),
            Module(id: "Clean/Core", name: "Core", project: clean.path, type: .framework, files: ["Clean/Projects/Core/Sources/A.swift"]),
            Module(id: "Clean/App", name: "App", project: app.path, type: .app, files: ["Clean/Projects/App/Sources/App.swift"]),
            Module(id: "Hexagonal/App", name: "App", project: hexagonalApp.path, type: .app, files: ["Hexagonal/Projects/App/Sources/App.swift"]),
        ]
        let workspace = WorkspaceModel(
            root: "/repo", projects: [hexagonal, clean, app, hexagonalApp], modules: modules,
            files: [
                file("Clean/Projects/App/Sources/App.swift", module: "Clean/App", [ImportDecl(module: "Core", line: 1, column: 1)]),
                file("Hexagonal/Projects/App/Sources/App.swift", module: "Hexagonal/App", [ImportDecl(module: "Core", line: 1, column: 1)]),
            ])
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.map { "\($0.from) \($0.kind.rawValue) \($0.to)" }.sorted() == [
            "Clean/App import Clean/Core",
            "Hexagonal/App import Hexagonal/Core",
        ])
    }

    @Test func nodesAddOnlyTheExternalsProjectsPointAt() {
        let graph = ModuleGraphBuilder.build(workspace())
        #expect(graph.nodes.map(\.id) == [
            "App/App", "App/AppTests", "App/Widget", "CorePackage/Networking", "CorePackage/NetworkingModels",
            "Frameworks/Core", "Ghost", "Legacy", "Missing", "SnapKit", "UIKit", "lottie-spm/Lottie",
        ])
        let byID = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        #expect(byID["lottie-spm/Lottie"] == Module(id: "lottie-spm/Lottie", name: "Lottie", package: "lottie-spm", type: .external))
        #expect(byID["Ghost"] == Module(id: "Ghost", name: "Ghost", type: .external))
        #expect(byID["Missing"] == Module(id: "Missing", name: "Missing", type: .external, unresolved: true))
        #expect(byID["SnapKit"] == Module(id: "SnapKit", name: "SnapKit", type: .external))
    }

    @Test func declaredEdgesResolveTargetsLinkedFrameworksAndPackageProducts() {
        let graph = ModuleGraphBuilder.build(workspace())
        func at(_ line: Int, in file: String = Self.appPBX) -> [Location] { [Location(file: file, line: line, column: 5)] }
        #expect(graph.edges.filter { $0.kind == .declared } == [
            ModuleEdge(from: "App/App", to: "App/Widget", kind: .declared, locations: at(11)),
            ModuleEdge(from: "App/App", to: "CorePackage/Networking", kind: .declared, locations: at(14)),
            ModuleEdge(from: "App/App", to: "CorePackage/NetworkingModels", kind: .declared, locations: at(14)),
            ModuleEdge(from: "App/App", to: "Frameworks/Core", kind: .declared, locations: at(2, in: "App.xcconfig") + at(12)),
            ModuleEdge(from: "App/App", to: "Ghost", kind: .declared, locations: at(16)),
            ModuleEdge(from: "App/App", to: "Missing", kind: .declared, locations: at(17)),
            ModuleEdge(from: "App/App", to: "lottie-spm/Lottie", kind: .declared, locations: at(15)),
            ModuleEdge(from: "App/AppTests", to: "App/App", kind: .declared, locations: at(51)),
            ModuleEdge(from: "Legacy", to: "CorePackage/NetworkingModels", kind: .declared, locations: at(4, in: ".archlint.yml")),
            ModuleEdge(from: "Legacy", to: "SnapKit", kind: .declared, condition: "DEBUG", locations: at(5, in: ".archlint.yml")),
        ])
    }

    @Test func importsOfProjectTargetsResolveByProductModuleNameAndPerMembership() {
        let graph = ModuleGraphBuilder.build(workspace())
        func at(_ file: String, _ line: Int) -> [Location] { [Location(file: file, line: line, column: 1)] }
        let delegate = "App/AppDelegate.swift"
        #expect(graph.edges.filter { $0.kind == .import } == [
            ModuleEdge(from: "App/App", to: "App/Widget", kind: .import, locations: at(delegate, 5)),
            ModuleEdge(from: "App/App", to: "CorePackage/NetworkingModels", kind: .import, locations: at(delegate, 4)),
            ModuleEdge(from: "App/App", to: "Frameworks/Core", kind: .import, locations: at(delegate, 2) + at("Shared/Log.swift", 1)),
            ModuleEdge(from: "App/App", to: "UIKit", kind: .import, locations: at(delegate, 1)),
            ModuleEdge(from: "App/App", to: "lottie-spm/Lottie", kind: .import, locations: at(delegate, 3)),
            ModuleEdge(from: "App/AppTests", to: "App/App", kind: .import, locations: at("AppTests/AppTests.swift", 1), testable: true),
            ModuleEdge(from: "App/Widget", to: "Frameworks/Core", kind: .import, locations: at("Shared/Log.swift", 1)),
            ModuleEdge(from: "Legacy", to: "SnapKit", kind: .import, locations: at("Legacy/Old.swift", 1)),
        ])
    }

    @Test func aLocalPackageProductWithoutAPackageResolvesByProductNameAndAnUnscannedOneIsExternal() {
        var workspace = workspace()
        workspace.projects[1].targets[0].dependencies = [
            dependency(.packageProduct, "Networking", line: 14),
            dependency(.packageProduct, "Charts", package: ProjectPackageReference(kind: .local, location: "Vendor/Charts"), line: 15),
            dependency(.packageProduct, "Nope", package: ProjectPackageReference(kind: .local, location: "CorePackage"), line: 16),
            dependency(.packageProduct, "Crypto", package: ProjectPackageReference(kind: .remote, location: "git@github.com:apple/Swift-Crypto.git"), line: 17),
        ]
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.filter { $0.kind == .declared && $0.from == "App/App" }.map(\.to) == [
            "CorePackage/Networking", "CorePackage/NetworkingModels", "CorePackage/Nope", "charts/Charts", "swift-crypto/Crypto",
        ])
        #expect(graph.nodes.first { $0.id == "CorePackage/Nope" }?.unresolved == true)
        #expect(graph.nodes.first { $0.id == "charts/Charts" }?.unresolved == false)
    }

    /// mash-up-kr/TwoToo_iOS: `Scene/SceneKit/Package.swift` names `.package(path: "./MainScene")`, a folder that
    /// doesn't exist; the app adds `Scene/MainScene`, and Xcode takes that package for the identity `mainscene`.
    /// Before, the product was an external module, so every import of it through SceneKit read as undeclared and
    /// unreachable. A local reference to no scanned folder now takes the one scanned package of its identity.
    @Test func aLocalPackageAtNoScannedFolderIsTheScannedPackageOfItsIdentity() {
        var workspace = workspace()
        workspace.projects[1].targets[0].dependencies = [
            dependency(.packageProduct, "Networking", package: ProjectPackageReference(kind: .local, location: "Scene/Kit/CorePackage"), line: 14),
            dependency(.packageProduct, "Charts", package: ProjectPackageReference(kind: .local, location: "Vendor/Charts"), line: 15),
        ]
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.filter { $0.kind == .declared && $0.from == "App/App" }.map(\.to) == [
            "CorePackage/Networking", "CorePackage/NetworkingModels", "charts/Charts",
        ])
    }

    /// Xcode lists a product twice when it was added twice, once without its package (TCA's Integration example:
    /// `InlineSnapshotTesting`). Both entries are the one product, so the import matches both and neither is unused.
    @Test func aProductListedTwiceOnceWithoutItsPackageIsOneModule() {
        var workspace = workspace()
        let lottie = ProjectPackageReference(kind: .remote, location: "https://github.com/airbnb/lottie-spm.git")
        workspace.projects[1].targets[0].dependencies = [
            dependency(.packageProduct, "Lottie", line: 14),
            dependency(.packageProduct, "Lottie", package: lottie, line: 15),
        ]
        let graph = ModuleGraphBuilder.build(workspace)
        func at(_ lines: Int...) -> [Location] { lines.map { Location(file: Self.appPBX, line: $0, column: 5) } }
        #expect(graph.edges.filter { $0.from == "App/App" && $0.to.contains("Lottie") } == [
            ModuleEdge(from: "App/App", to: "lottie-spm/Lottie", kind: .declared, locations: at(14, 15)),
            ModuleEdge(
                from: "App/App", to: "lottie-spm/Lottie", kind: .import,
                locations: [Location(file: "App/AppDelegate.swift", line: 3, column: 1)]),
        ])
        #expect(!graph.nodes.contains { $0.id == "Lottie" })
    }

    @Test func anotherProjectIsFoundByNameAndATargetOfAnotherKindIsNoNode() {
        var workspace = workspace()
        workspace.projects[1].targets[0].dependencies = [
            dependency(.target, "Core", project: "Frameworks", line: 12),
            dependency(.linkedProduct, "Resources", line: 13),
        ]
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.filter { $0.kind == .declared && $0.from == "App/App" }.map(\.to) == ["Frameworks/Core"])
    }
}
