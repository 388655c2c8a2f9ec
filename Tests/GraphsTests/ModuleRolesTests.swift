import ArchlintModel
import Graphs
import Testing

/// `ModuleRoles`: what a module is for, read from the module graph alone.
@Suite struct ModuleRolesTests {
    static func framework(_ name: String, project: String) -> Module {
        Module(id: "\(name)/\(name)", name: name, project: project, type: .framework, files: ["Exports.swift"])
    }

    /// `Projects/Domain/Domain` of a Tuist TMA app: a file of comments, and every module of its layer declared.
    @Test func aLayersRootModuleThatImportsNothingIsAnUmbrella() {
        let root = Self.framework("Domain", project: "Projects/Domain/Domain/Project.swift")
        let placeholder = Self.framework("CartTesting", project: "Projects/Domain/Cart/Project.swift")
        let cart = Self.framework("Cart", project: "Projects/Domain/Cart/Project.swift")
        let index = ModuleGraphIndex(ModuleGraph(nodes: [root, placeholder, cart], edges: [
            ModuleEdge(from: root.id, to: cart.id, kind: .declared),
            ModuleEdge(from: placeholder.id, to: cart.id, kind: .declared),
        ]))
        #expect(index.isUmbrella(root.id))
        // A template's placeholder that imports nothing is no umbrella: what it declares is unused.
        #expect(!index.isUmbrella(placeholder.id))
    }

    /// DSM-Today's `PackageLibrary`: one placeholder file that imports nothing, and only third-party packages
    /// declared, for the app's modules to import. A module of its own code (`Utils` imports SnapKit) is no
    /// umbrella, nor one that declares a local module beside the packages, nor one no module imports them through
    /// (`Widget`: its packages are unused).
    @Test func aLibraryOfPackagesWhoseFilesImportNothingIsAnUmbrella() {
        func module(_ name: String, _ type: ModuleType) -> Module {
            Module(id: name, name: name, type: type, files: type == .external ? [] : ["\(name).swift"])
        }
        let nodes = [
            module("PackageLibrary", .framework), module("Utils", .framework), module("Mixed", .framework),
            module("Today", .app), module("Widget", .framework),
            module("Core", .framework), module("RxSwift", .external), module("SnapKit", .external),
            module("Foundation", .external),
        ]
        let index = ModuleGraphIndex(ModuleGraph(nodes: nodes, edges: [
            ModuleEdge(from: "PackageLibrary", to: "RxSwift", kind: .declared),
            ModuleEdge(from: "PackageLibrary", to: "SnapKit", kind: .declared),
            ModuleEdge(from: "PackageLibrary", to: "Foundation", kind: .import),
            ModuleEdge(from: "Utils", to: "SnapKit", kind: .declared),
            ModuleEdge(from: "Utils", to: "SnapKit", kind: .import),
            ModuleEdge(from: "Mixed", to: "RxSwift", kind: .declared),
            ModuleEdge(from: "Mixed", to: "Core", kind: .declared),
            ModuleEdge(from: "Widget", to: "SnapKit", kind: .declared),
            ModuleEdge(from: "Widget", to: "Foundation", kind: .import),
            ModuleEdge(from: "Today", to: "PackageLibrary", kind: .declared),
            ModuleEdge(from: "Today", to: "Utils", kind: .declared),
            ModuleEdge(from: "Today", to: "Mixed", kind: .declared),
            ModuleEdge(from: "Today", to: "RxSwift", kind: .import),
        ]))
        #expect(index.isUmbrella("PackageLibrary"))
        #expect(!index.isUmbrella("Utils"))
        #expect(!index.isUmbrella("Mixed"))
        #expect(!index.isUmbrella("Widget"))
    }

    /// A library that other modules' tests use is test support; one that only its own tests and test support
    /// built on it use is a product, not test support.
    @Test func testSupportIsWhatOtherModulesTestsUse() {
        func module(_ name: String, _ type: ModuleType) -> Module { Module(id: name, name: name, type: type) }
        let nodes = [
            module("Schedule", .regular), module("ScheduleTests", .test), module("XCTSchedule", .regular),
            module("Agenda", .regular), module("AgendaTests", .test),
        ]
        let index = ModuleGraphIndex(ModuleGraph(nodes: nodes, edges: [
            ModuleEdge(from: "ScheduleTests", to: "Schedule", kind: .declared),
            ModuleEdge(from: "AgendaTests", to: "Agenda", kind: .declared),
            ModuleEdge(from: "AgendaTests", to: "XCTSchedule", kind: .declared),
            ModuleEdge(from: "XCTSchedule", to: "Schedule", kind: .declared),
        ]))
        #expect(index.isTestSupport("XCTSchedule"))
        #expect(!index.isTestSupport("Schedule"))
        #expect(!index.isTestSupport("Agenda"))
    }
}
