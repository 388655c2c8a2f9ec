import ArchlintModel
import Manifests
import Testing

@testable import Graphs

/// An import in a branch its module can't compile is no edge of that module; anything uncertain stays an edge.
@Suite struct ImportConditionTests {
    static let reaches: Set<String> = ["Networking", "Core"]
    /// Built only for another platform.
    static let elsewhere: Set<String> = ["WatchKitSupport"]

    static func isFalse(_ condition: String) -> Bool {
        ImportCondition.isFalse(condition, canImport: { reaches.contains($0) ? true : elsewhere.contains($0) ? false : nil })
    }

    @Test func aNegatedReachableModuleIsFalse() {
        #expect(Self.isFalse("!(canImport(Networking))"))
        #expect(Self.isFalse("!(canImport(Networking)) && canImport(NetworkingWatchOS)"))
        #expect(Self.isFalse("DEBUG && !canImport(Core, _version: 2)"))
        #expect(Self.isFalse("false"))
        #expect(Self.isFalse("!(canImport(Networking) || os(iOS))"))
        #expect(Self.isFalse("canImport(WatchKitSupport)"))
        #expect(Self.isFalse("canImport(WatchKitSupport) && os(watchOS)"))
    }

    @Test func whatMightHoldIsNotFalse() {
        #expect(!Self.isFalse("canImport(Networking)"))
        #expect(!Self.isFalse("canImport(UIKit)"))
        #expect(!Self.isFalse("!(canImport(UIKit))"))
        #expect(!Self.isFalse("!(canImport(Networking)) || os(watchOS)"))
        #expect(!Self.isFalse("os(iOS) && swift(>=5.9)"))
        #expect(!Self.isFalse("!(targetEnvironment(simulator))"))
        #expect(!Self.isFalse("canImport(WatchKitSupport) || os(watchOS)"))
        #expect(!Self.isFalse("!canImport(WatchKitSupport)"))
    }

    /// On a module built for one known platform, `os()` is known: `#if os(iOS)` never compiles in a watchOS target.
    @Test func osIsKnownOnAModuleOfOnePlatform() {
        let none: (String) -> Bool? = { _ in nil }
        #expect(ImportCondition.isFalse("os(iOS)", platform: .watchOS, canImport: none))
        #expect(ImportCondition.isFalse("os(iOS) || os(macOS)", platform: .watchOS, canImport: none))
        #expect(ImportCondition.isFalse("!os(watchOS)", platform: .watchOS, canImport: none))
        #expect(ImportCondition.isFalse("os(Linux)", platform: .iOS, canImport: none))
        #expect(!ImportCondition.isFalse("os(iOS)", platform: .iOS, canImport: none))
        #expect(!ImportCondition.isFalse("os(iOS) && DEBUG", platform: .iOS, canImport: none))
        #expect(!ImportCondition.isFalse("os(iOS)", platform: nil, canImport: none))
        #expect(!ImportCondition.isFalse("os(SomethingNew)", platform: .iOS, canImport: none))
    }

    @Test func unreadableTextIsNeverFalse() {
        for text in ["", "!(canImport(Networking)", "!canImport(Networking) |", "&& !canImport(Networking)",
                     String(repeating: "!(", count: 500) + "canImport(Networking)" + String(repeating: ")", count: 500)] {
            #expect(!Self.isFalse(text), "\(text.prefix(40))")
        }
    }

    /// `#if canImport(Core) import Core #else import CoreWatch #endif` in two apps: the one that depends on Core
    /// imports Core only; the other, which reaches neither, keeps both conditional imports.
    @Test func theBranchAModuleCantCompileGivesNoEdge() {
        let manifestPath = "Package.swift"
        let manifest = ManifestFacts(
            path: manifestPath, packageName: "P",
            targets: [
                TargetDecl(name: "App", kind: .regular, dependencies: [TargetDependencyDecl(kind: .target, name: "Core", line: 3, column: 9)], line: 2, column: 9),
                TargetDecl(name: "Core", kind: .regular, line: 4, column: 9),
                TargetDecl(name: "CoreWatch", kind: .regular, line: 5, column: 9),
                TargetDecl(name: "Watch", kind: .regular, line: 6, column: 9),
            ])
        let imports = [
            ImportDecl(module: "Core", condition: "canImport(Core)", line: 2, column: 1),
            ImportDecl(module: "CoreWatch", condition: "!(canImport(Core))", line: 4, column: 1),
        ]
        let modules = ["App", "Core", "CoreWatch", "Watch"].map {
            Module(id: "P/\($0)", name: $0, package: "P", manifest: manifestPath, type: .regular, files: [])
        }
        let workspace = WorkspaceModel(
            root: "/repo", projects: [manifest].map { ProjectFacts(package: $0, rootName: "repo") }, modules: modules,
            files: [
                ScannedFile(facts: FileFacts(path: "Sources/App/A.swift", imports: imports), module: "P/App"),
                ScannedFile(facts: FileFacts(path: "Sources/Watch/W.swift", imports: imports), module: "P/Watch"),
            ])
        let edges = ModuleGraphBuilder.build(workspace).edges.map { "\($0.from) → \($0.to) \($0.kind) \($0.condition ?? "")" }
        #expect(edges == [
            "P/App → P/Core declared ",
            "P/App → P/Core import canImport(Core)",
            "P/Watch → P/Core import canImport(Core)",
            "P/Watch → P/CoreWatch import !(canImport(Core))",
        ])
    }

    /// `#if canImport(Networking) import Networking #endif` in a watchOS app and an iOS app of one Xcode project,
    /// Networking built for iOS only: the watch app never compiles the import; a target whose platform archlint
    /// can't tell keeps it.
    @Test func aModuleBuiltForAnotherPlatformCantBeImported() {
        let projectPath = "App.xcodeproj"
        func target(_ name: String, _ platform: ApplePlatform?) -> ProjectTarget {
            var target = ProjectTarget(name: name, productTypeIdentifier: "com.apple.product-type.framework", line: 1, column: 1)
            target.platform = platform
            return target
        }
        let project = ProjectFacts(
            path: projectPath, source: .xcodeproj,
            targets: [target("Networking", .iOS), target("Watch", .watchOS), target("Phone", .iOS), target("Unknown", nil)])
        let modules = ["Networking", "Watch", "Phone", "Unknown"].map {
            Module(id: "App/\($0)", name: $0, project: projectPath, type: .framework, files: [])
        }
        let imports = [ImportDecl(module: "Networking", condition: "canImport(Networking)", line: 2, column: 1)]
        let workspace = WorkspaceModel(
            root: "/repo", projects: [project], modules: modules,
            files: ["Watch", "Phone", "Unknown"].map {
                ScannedFile(facts: FileFacts(path: "\($0)/A.swift", imports: imports), module: "App/\($0)")
            })
        let edges = ModuleGraphBuilder.build(workspace).edges.map { "\($0.from) → \($0.to) \($0.kind)" }
        #expect(edges == ["App/Phone → App/Networking import", "App/Unknown → App/Networking import"])
    }
}
