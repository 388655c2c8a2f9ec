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
