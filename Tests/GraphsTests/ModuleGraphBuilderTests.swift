import ArchlintModel
import Manifests
import Foundation
import Graphs
import Testing

/// Builds workspaces by hand (no scanning) and checks the module graph in full.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct ModuleGraphBuilderTests {
    private static let appManifest = "AppPackage/Package.swift"
    private static let coreManifest = "CorePackage/Package.swift"

    private func target(_ name: String, _ kind: TargetKind = .regular, line: Int, _ dependencies: [TargetDependencyDecl] = []) -> TargetDecl {
        TargetDecl(name: name, kind: kind, dependencies: dependencies, line: line, column: 9)
    }

    private func module(_ package: String, _ name: String, _ type: ModuleType = .regular, manifest: String, files: [String] = []) -> Module {
        Module(id: "\(package)/\(name)", name: name, package: package, manifest: manifest, type: type, files: files)
    }

    private func file(_ path: String, module: String, _ imports: [ImportDecl]) -> ScannedFile {
        ScannedFile(facts: FileFacts(path: path, imports: imports), module: module)
    }

    /// AppPackage depends on the local CorePackage (scanned) and on remote lottie-spm.
    private func workspace() -> WorkspaceModel {
        let app = ManifestFacts(
            path: Self.appManifest, packageName: "AppPackage",
            dependencies: [
                PackageDependencyDecl(kind: .path, location: "../CorePackage", identity: "CorePackage", line: 5, column: 9),
                PackageDependencyDecl(
                    kind: .url, location: "https://github.com/airbnb/lottie-spm.git", identity: "lottie-spm", line: 6, column: 9),
            ],
            targets: [
                target("HomeFeature", line: 10, [
                    TargetDependencyDecl(kind: .byName, name: "UICore", line: 11, column: 13),
                    TargetDependencyDecl(kind: .product, name: "Lottie", package: "lottie-spm", line: 12, column: 13),
                    TargetDependencyDecl(kind: .product, name: "Networking", package: "CorePackage", line: 13, column: 13),
                    TargetDependencyDecl(kind: .byName, name: "Missing", line: 14, column: 13),
                    TargetDependencyDecl(kind: .target, name: "Ghost", line: 15, column: 13),
                    TargetDependencyDecl(kind: .product, name: "Nope", package: "unknown-package", line: 16, column: 13),
                ]),
                target("UICore", line: 18, [
                    TargetDependencyDecl(kind: .target, name: "DesignSystem", condition: ".when(platforms: [.iOS])", line: 18, column: 50),
                ]),
                target("DesignSystem", line: 19),
                target("HomeFeatureTests", .test, line: 20, [TargetDependencyDecl(kind: .byName, name: "HomeFeature", line: 20, column: 60)]),
            ])
        let core = ManifestFacts(
            path: Self.coreManifest, packageName: "CorePackage",
            products: [ProductDecl(name: "Networking", kind: .library, targets: ["Networking", "NetworkingModels"], line: 4, column: 9)],
            targets: [target("Networking", line: 7), target("NetworkingModels", line: 8)])
        let homeFile = "AppPackage/Sources/HomeFeature/Home.swift"
        let homeFile2 = "AppPackage/Sources/HomeFeature/Debug.swift"
        return WorkspaceModel(
            root: "/repo",
            projects: [core, app].map { ProjectFacts(package: $0, rootName: "repo") },
            modules: [
                module("AppPackage", "HomeFeature", manifest: Self.appManifest, files: [homeFile2, homeFile]),
                module("AppPackage", "UICore", manifest: Self.appManifest),
                module("AppPackage", "DesignSystem", manifest: Self.appManifest),
                module("AppPackage", "HomeFeatureTests", .test, manifest: Self.appManifest),
                module("CorePackage", "Networking", manifest: Self.coreManifest),
                module("CorePackage", "NetworkingModels", manifest: Self.coreManifest),
                Module(id: "App", name: "App", type: .config, path: "App", files: ["App/AppDelegate.swift"]),
            ],
            files: [
                file(homeFile, module: "AppPackage/HomeFeature", [
                    ImportDecl(module: "UIKit", line: 1, column: 1),
                    ImportDecl(module: "UICore", attributes: ["_exported"], line: 2, column: 1),
                    ImportDecl(module: "Lottie", line: 3, column: 1),
                    ImportDecl(module: "NetworkingModels", line: 4, column: 1),
                    ImportDecl(module: "HomeFeature", line: 5, column: 1),
                    ImportDecl(module: "DesignSystem", condition: "DEBUG", line: 7, column: 1),
                ]),
                file(homeFile2, module: "AppPackage/HomeFeature", [
                    ImportDecl(module: "UICore", line: 3, column: 1),
                    ImportDecl(module: "DesignSystem", condition: "DEBUG", line: 2, column: 5),
                ]),
                file("AppPackage/Tests/HomeFeatureTests/HomeTests.swift", module: "AppPackage/HomeFeatureTests", [
                    ImportDecl(module: "HomeFeature", attributes: ["testable"], line: 1, column: 1),
                    ImportDecl(module: "Lottie", line: 2, column: 1),
                ]),
                file("App/AppDelegate.swift", module: "App", [
                    ImportDecl(module: "UIKit", line: 1, column: 1),
                    ImportDecl(module: "HomeFeature", line: 2, column: 1),
                    ImportDecl(module: "Networking", line: 3, column: 1),
                ]),
            ])
    }

    @Test func nodesAreScannedModulesPlusExternalOnesSortedById() {
        let graph = ModuleGraphBuilder.build(workspace())
        #expect(graph.nodes.map(\.id) == [
            "App", "AppPackage/DesignSystem", "AppPackage/HomeFeature", "AppPackage/HomeFeatureTests", "AppPackage/UICore",
            "CorePackage/Networking", "CorePackage/NetworkingModels", "Ghost", "Missing", "UIKit",
            "lottie-spm/Lottie", "unknown-package/Nope",
        ])
        let byID = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0) })
        #expect(byID["lottie-spm/Lottie"] == Module(id: "lottie-spm/Lottie", name: "Lottie", package: "lottie-spm", type: .external))
        #expect(byID["UIKit"] == Module(id: "UIKit", name: "UIKit", type: .external))
        #expect(byID["Missing"] == Module(id: "Missing", name: "Missing", type: .external, unresolved: true))
        #expect(byID["Ghost"]?.unresolved == true)
        #expect(byID["unknown-package/Nope"] == Module(
            id: "unknown-package/Nope", name: "Nope", package: "unknown-package", type: .external, unresolved: true))
    }

    @Test func declaredEdgesResolveTargetsProductsAndLocalPackages() {
        let graph = ModuleGraphBuilder.build(workspace())
        let declared = graph.edges.filter { $0.kind == .declared }
        func at(_ line: Int, _ column: Int) -> [ArchlintModel.SourceLocation] {
            [ArchlintModel.SourceLocation(file: Self.appManifest, line: line, column: column)]
        }
        #expect(declared == [
            ModuleEdge(from: "AppPackage/HomeFeature", to: "AppPackage/UICore", kind: .declared, locations: at(11, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "CorePackage/Networking", kind: .declared, locations: at(13, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "CorePackage/NetworkingModels", kind: .declared, locations: at(13, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "Ghost", kind: .declared, locations: at(15, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "Missing", kind: .declared, locations: at(14, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "lottie-spm/Lottie", kind: .declared, locations: at(12, 13)),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "unknown-package/Nope", kind: .declared, locations: at(16, 13)),
            ModuleEdge(from: "AppPackage/HomeFeatureTests", to: "AppPackage/HomeFeature", kind: .declared, locations: at(20, 60)),
            ModuleEdge(
                from: "AppPackage/UICore", to: "AppPackage/DesignSystem", kind: .declared,
                condition: ".when(platforms: [.iOS])", locations: at(18, 50)),
        ])
    }

    @Test func importEdgesMergePerConditionAndCarryEveryLocation() {
        let graph = ModuleGraphBuilder.build(workspace())
        let imports = graph.edges.filter { $0.kind == .import }
        let home = "AppPackage/Sources/HomeFeature/Home.swift"
        let debug = "AppPackage/Sources/HomeFeature/Debug.swift"
        let tests = "AppPackage/Tests/HomeFeatureTests/HomeTests.swift"
        func loc(_ file: String, _ line: Int, _ column: Int = 1) -> ArchlintModel.SourceLocation {
            ArchlintModel.SourceLocation(file: file, line: line, column: column)
        }
        #expect(imports == [
            ModuleEdge(from: "App", to: "AppPackage/HomeFeature", kind: .import, locations: [loc("App/AppDelegate.swift", 2)]),
            ModuleEdge(from: "App", to: "CorePackage/Networking", kind: .import, locations: [loc("App/AppDelegate.swift", 3)]),
            ModuleEdge(from: "App", to: "UIKit", kind: .import, locations: [loc("App/AppDelegate.swift", 1)]),
            ModuleEdge(
                from: "AppPackage/HomeFeature", to: "AppPackage/DesignSystem", kind: .import, condition: "DEBUG",
                locations: [loc(debug, 2, 5), loc(home, 7)]),
            ModuleEdge(
                from: "AppPackage/HomeFeature", to: "AppPackage/UICore", kind: .import,
                locations: [loc(debug, 3), loc(home, 2)], exported: true),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "CorePackage/NetworkingModels", kind: .import, locations: [loc(home, 4)]),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "UIKit", kind: .import, locations: [loc(home, 1)]),
            ModuleEdge(from: "AppPackage/HomeFeature", to: "lottie-spm/Lottie", kind: .import, locations: [loc(home, 3)]),
            ModuleEdge(
                from: "AppPackage/HomeFeatureTests", to: "AppPackage/HomeFeature", kind: .import,
                locations: [loc(tests, 1)], testable: true),
            ModuleEdge(from: "AppPackage/HomeFeatureTests", to: "lottie-spm/Lottie", kind: .import, locations: [loc(tests, 2)]),
        ])
    }

    @Test func importsPreferTheImportersPackageOverSameNamedModulesElsewhere() {
        let manifest = ManifestFacts(
            path: "B/Package.swift", packageName: "B", targets: [target("Utils", line: 3), target("Feature", line: 4)])
        let other = ManifestFacts(path: "A/Package.swift", packageName: "A", targets: [target("Utils", line: 3)])
        let workspace = WorkspaceModel(
            root: "/repo", projects: [other, manifest].map { ProjectFacts(package: $0, rootName: "repo") },
            modules: [
                module("A", "Utils", manifest: "A/Package.swift"),
                module("B", "Utils", manifest: "B/Package.swift"),
                module("B", "Feature", manifest: "B/Package.swift"),
            ],
            files: [file("B/Sources/Feature/F.swift", module: "B/Feature", [ImportDecl(module: "Utils", line: 1, column: 1)])])
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.edges.map(\.to) == ["B/Utils"])
    }

    @Test func moduleNamesOfTargetsWithDashesAreTheirC99Names() {
        let manifest = ManifestFacts(
            path: "Package.swift", packageName: "P", targets: [target("my-lib", line: 3), target("App", line: 4)])
        let workspace = WorkspaceModel(
            root: "/repo", projects: [manifest].map { ProjectFacts(package: $0, rootName: "repo") },
            modules: [module("P", "my-lib", manifest: "Package.swift"), module("P", "App", manifest: "Package.swift")],
            files: [file("Sources/App/A.swift", module: "P/App", [ImportDecl(module: "my_lib", line: 1, column: 1)])])
        #expect(ModuleGraphBuilder.build(workspace).edges.map(\.to) == ["P/my-lib"])
    }

    @Test func anEmptyWorkspaceGivesAnEmptyGraph() {
        #expect(ModuleGraphBuilder.build(WorkspaceModel(root: "/")) == ModuleGraph())
    }

    /// 50,000 distinct unknown imports: each resolves through indexes, not a scan of every external node so far
    /// (that was quadratic: 40,000 took 7 s). The bound only proves it doesn't stall; speed is archlint-bench's job.
    @Test func manyDistinctUnknownImportsResolveInLinearTime() {
        let manifest = ManifestFacts(
            path: "Package.swift", packageName: "P",
            targets: [target("App", line: 3, [TargetDependencyDecl(kind: .byName, name: "Declared", line: 4, column: 13)])])
        let imports = (0..<50_000).map { ImportDecl(module: "Unknown\($0)", line: $0 + 1, column: 1) }
            + [ImportDecl(module: "Declared", line: 50_001, column: 1)]
        let workspace = WorkspaceModel(
            root: "/repo", projects: [manifest].map { ProjectFacts(package: $0, rootName: "repo") }, modules: [module("P", "App", manifest: "Package.swift")],
            files: [file("Sources/App/Imports.swift", module: "P/App", imports)])
        let graph = ModuleGraphBuilder.build(workspace)
        #expect(graph.nodes.count == 1 + 50_001)
        #expect(graph.edges.filter { $0.kind == .import }.count == 50_001)
        #expect(graph.edges.contains { $0.kind == .import && $0.to == "Declared" && $0.locations.map(\.line) == [50_001] })
    }
}
