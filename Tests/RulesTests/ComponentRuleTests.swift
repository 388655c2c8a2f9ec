import ArchlintModel
import Graphs
import Rules
import Testing

/// The Needle / RIBs rules over hand-built facts: the cases examples can't show compactly.
@Suite struct ComponentRuleTests {
    static func file(_ path: String, imports: [String] = ["NeedleFoundation"], types: [TypeDecl] = [], calls: [CallFact] = []) -> ScannedFile {
        ScannedFile(
            facts: FileFacts(
                path: path, imports: imports.map { ImportDecl(module: $0, line: 1, column: 1) }, types: types, calls: calls),
            module: "App")
    }

    static func component(_ name: String, _ superclass: String, line: Int = 3, properties: [PropertyDecl] = [], conformances: [String] = []) -> TypeDecl {
        TypeDecl(kind: .class, name: name, inheritance: [superclass] + conformances, line: line, column: 13, properties: properties)
    }

    static func proto(_ name: String, _ inherits: [String] = ["Dependency"], line: Int = 1, properties: [PropertyDecl] = []) -> TypeDecl {
        TypeDecl(kind: .protocol, name: name, inheritance: inherits, line: line, column: 10, properties: properties)
    }

    static func property(_ name: String, _ type: String, line: Int = 2) -> PropertyDecl {
        PropertyDecl(name: name, type: type, isComputed: true, line: line, column: 9)
    }

    static func call(_ callee: String, _ label: String, _ value: String, in type: String?, member: String? = nil, line: Int = 10) -> CallFact {
        CallFact(
            callee: callee, arguments: [CallArgument(label: label, value: value)], enclosingType: type,
            enclosingMember: member, line: line, column: 5)
    }

    static func check(_ rule: any Rule.Type, _ files: [ScannedFile], options: [String: ConfigValue] = [:]) -> [Diagnostic] {
        let workspace = WorkspaceModel(root: "/repo", files: files)
        var configuration = ArchlintConfiguration()
        if !options.isEmpty {
            configuration.rules[rule.description.id] = RuleSetting(severity: .error, options: options)
        }
        let context = LintContext(
            workspace: workspace, moduleGraph: ModuleGraph(), componentGraph: ComponentGraphBuilder.build(workspace),
            configuration: configuration)
        return rule.init().check(context)
    }

    // MARK: missing-dependency

    @Test func missingDependencyIsReportedOncePerPropertyWithEveryFailingPath() {
        let files = [
            Self.file("Root.swift", types: [Self.component("RootComponent", "BootstrapComponent")], calls: [
                Self.call("AComponent", "parent", "self", in: "RootComponent"),
                Self.call("BComponent", "parent", "self", in: "RootComponent"),
            ]),
            Self.file("A.swift", types: [Self.proto("ADependency"), Self.component("AComponent", "Component<ADependency>")],
                      calls: [Self.call("LeafComponent", "parent", "self", in: "AComponent")]),
            Self.file("B.swift", types: [Self.proto("BDependency"), Self.component("BComponent", "Component<BDependency>")],
                      calls: [
                        Self.call("LeafComponent", "parent", "self", in: "BComponent"),
                        Self.call("AComponent", "parent", "self", in: "BComponent"),
                      ]),
            Self.file("Leaf.swift", types: [
                Self.proto("LeafDependency", properties: [Self.property("clock", "Clock"), Self.property("store", "Store", line: 3)]),
                Self.component("LeafComponent", "Component<LeafDependency>", line: 5),
            ]),
        ]
        let diagnostics = Self.check(MissingDependencyRule.self, files)
        #expect(diagnostics.map(\.subject) == [
            ["LeafComponent", "LeafDependency", "clock"], ["LeafComponent", "LeafDependency", "store"],
        ])
        #expect(diagnostics.map(\.location) == [
            SourceLocation(file: "Leaf.swift", line: 2, column: 9), SourceLocation(file: "Leaf.swift", line: 3, column: 9),
        ])
        #expect(diagnostics.first?.message.contains(
            "on 3 paths ^->RootComponent->AComponent->LeafComponent, ^->RootComponent->BComponent->AComponent->LeafComponent, "
                + "^->RootComponent->BComponent->LeafComponent:") == true)
    }

    @Test func missingDependencyTerminatesOnComponentCycles() {
        let files = [
            Self.file("Root.swift", types: [Self.component("RootComponent", "BootstrapComponent")],
                      calls: [Self.call("AComponent", "parent", "self", in: "RootComponent")]),
            Self.file("A.swift", types: [
                Self.proto("ADependency", properties: [Self.property("clock", "Clock")]),
                Self.component("AComponent", "Component<ADependency>", line: 4),
            ], calls: [Self.call("AComponent", "parent", "self", in: "AComponent")]),
        ]
        #expect(Self.check(MissingDependencyRule.self, files).map(\.subject) == [["AComponent", "ADependency", "clock"]])
        #expect(Self.check(ComponentCycleRule.self, files).map(\.subject) == [["AComponent", "AComponent"]])
    }

    @Test func nearMissesNameSameNameOtherTypeAndSameTypeOtherName() throws {
        let files = [
            Self.file("Root.swift", types: [Self.component("RootComponent", "BootstrapComponent", properties: [
                Self.property("analytics", "AnalyticsService"), Self.property("tracker", "Analytics", line: 3),
                Self.property("unrelated", "Clock", line: 4),
            ])], calls: [Self.call("FeatureComponent", "parent", "self", in: "RootComponent")]),
            Self.file("Feature.swift", types: [
                Self.proto("FeatureDependency", properties: [Self.property("analytics", "Analytics")]),
                Self.component("FeatureComponent", "Component<FeatureDependency>", line: 4),
            ]),
        ]
        let message = try #require(Self.check(MissingDependencyRule.self, files).first?.message)
        #expect(message.contains("RootComponent has `analytics: AnalyticsService` and RootComponent has `tracker: Analytics`."))
        #expect(!message.contains("unrelated"))
    }

    // MARK: missing-dependency-conformance

    @Test func conformanceThroughExtensionsProtocolInheritanceOrSuperclassIsFound() {
        func files(parentConformance: [TypeDecl]) -> [ScannedFile] {
            [
                Self.file("Child.swift", imports: ["RIBs"], types: [
                    Self.proto("ChildDependency", properties: [Self.property("title", "String")]),
                    TypeDecl(kind: .class, name: "ChildBuilder", inheritance: ["Builder<ChildDependency>"], line: 5, column: 13),
                ]),
                Self.file("Parent.swift", imports: ["RIBs"], types: [
                    Self.proto("ParentDependency"),
                    Self.component("ParentComponent", "Component<ParentDependency>"),
                    TypeDecl(kind: .class, name: "ParentBuilder", inheritance: ["Builder<ParentDependency>"], line: 8, column: 13,
                             functions: [FunctionDecl(name: "build", locals: [
                                LocalVariable(name: "component", inferredType: "ParentComponent", line: 10, column: 13),
                             ], line: 9, column: 10)]),
                ] + parentConformance, calls: [
                    Self.call("ParentComponent", "dependency", "dependency", in: "ParentBuilder", member: "build", line: 10),
                    Self.call("ChildBuilder", "dependency", "component", in: "ParentBuilder", member: "build", line: 11),
                    Self.call("ChildBuilder", "dependency", "self", in: "ParentComponent", member: "child", line: 20),
                    Self.call("ChildBuilder", "dependency", "EmptyComponent()", in: nil, line: 30),
                ]),
            ]
        }
        let missing = Self.check(MissingDependencyConformanceRule.self, files(parentConformance: []))
        #expect(missing.map(\.location.line) == [11, 20, 30])
        #expect(missing.first?.message.contains("Add `extension ParentComponent: ChildDependency {}`") == true)

        let throughProtocol = files(parentConformance: [
            Self.proto("ParentChildren", ["ChildDependency"], line: 40),
            TypeDecl(kind: .extension, name: "ParentComponent", inheritance: ["ParentChildren"], line: 42, column: 11),
            TypeDecl(kind: .extension, name: "EmptyComponent", inheritance: ["ChildDependency"], line: 44, column: 11),
        ])
        #expect(Self.check(MissingDependencyConformanceRule.self, throughProtocol).isEmpty)
    }

    @Test func frameworkEmptyDependencyNeedsNoDeclaration() {
        let files = [Self.file("A.swift", types: [
            Self.component("AComponent", "Component<EmptyDependency>"),
            Self.component("BComponent", "NeedleFoundation.NonCoreComponent<Feature.BDependency>", line: 5),
            Self.proto("BDependency", ["Dependency"], line: 7),
        ])]
        #expect(Self.check(MissingDependencyConformanceRule.self, files).isEmpty)
    }

    // MARK: invalid-component-instantiation

    @Test func onlySelfOrABootstrapRootParentIsValid() {
        let files = [
            Self.file("Root.swift", types: [Self.component("RootComponent", "BootstrapComponent")], calls: [
                Self.call("RootComponent", "parent", "BootstrapComponent()", in: nil, line: 1),
                Self.call("ChildComponent", "parent", "BootstrapComponent()", in: nil, line: 2),
                Self.call("ChildComponent", "parent", "self", in: "RootComponent", line: 3),
                Self.call("ChildComponent", "parent", "self.parent", in: "RootComponent", line: 4),
                Self.call("super.init", "parent", "parent", in: "ChildComponent", line: 5),
            ]),
            Self.file("Child.swift", types: [Self.proto("ChildDependency"), Self.component("ChildComponent", "Component<ChildDependency>")]),
        ]
        #expect(Self.check(InvalidComponentInstantiationRule.self, files).map(\.location.line) == [2, 4])
    }

    // MARK: orphan-component, duplicate-component

    @Test func orphansSayWhenThereIsNoRootAtAll() throws {
        let files = [Self.file("A.swift", types: [Self.proto("ADependency"), Self.component("AComponent", "Component<ADependency>")])]
        let message = try #require(Self.check(OrphanComponentRule.self, files).first?.message)
        #expect(message.contains("no root component (a BootstrapComponent subclass) exists in the scanned sources"))
    }

    /// NeedleFoundation's own classes are the bases components subclass, never orphans of their own (uber/needle's
    /// repository lints itself with them).
    @Test func needleFoundationsOwnBasesAreNotOrphans() {
        let files = [
            Self.file("Sources/NeedleFoundation/Component.swift", imports: [], types: [
                Self.component("BootstrapComponent", "Component<EmptyDependency>", line: 39),
                Self.component("NonCoreComponent", "Component<DependencyType>", line: 54, conformances: ["NonCoreScope"]),
                Self.component("PluginizedComponent", "Component<DependencyType>", line: 85),
            ]),
            Self.file("A.swift", types: [Self.proto("ADependency"), Self.component("AComponent", "Component<ADependency>")]),
        ]
        #expect(Self.check(OrphanComponentRule.self, files).map(\.subject) == [["AComponent"]])
    }

    @Test func duplicatesInTheSameFileOrUnderExclusiveConditionsAreNotReported() {
        let debug = TypeDecl(kind: .class, name: "AComponent", inheritance: ["Component<ADependency>"], condition: "DEBUG", line: 3, column: 13)
        var release = debug
        release.condition = "!(DEBUG)"
        let files = [
            Self.file("A.swift", types: [Self.proto("ADependency"), debug]),
            Self.file("A+Release.swift", types: [release]),
            Self.file("B.swift", types: [Self.component("BComponent", "Component<ADependency>")]),
            Self.file("B2.swift", types: [Self.component("BComponent", "Component<ADependency>", line: 9)]),
        ]
        #expect(Self.check(DuplicateComponentRule.self, files).map { "\($0.location.file):\($0.location.line)" } == ["B.swift:3", "B2.swift:9"])
    }

    // MARK: view-router-shortcut

    @Test func viewBaseTypesOption() {
        let screen = TypeDecl(
            kind: .struct, name: "Dashboard", inheritance: ["Screen"], line: 1, column: 8,
            properties: [PropertyDecl(name: "flow", type: "DashboardFlow", line: 2, column: 9)])
        let files = [Self.file("Dashboard.swift", imports: ["SwiftUI"], types: [screen])]
        #expect(Self.check(ViewRouterShortcutRule.self, files).isEmpty)
        let flows: ConfigValue = .list([.string("Flow")])
        #expect(Self.check(ViewRouterShortcutRule.self, files, options: [
            "viewBaseTypes": .list([.string("Screen")]), "routerSuffixes": flows,
        ]).map(\.subject) == [["Dashboard", "flow"]])
    }

    @Test func viewsFoundThroughASuperclassDeclaredInTheWorkspace() {
        let base = TypeDecl(kind: .class, name: "BaseScreen", inheritance: ["UIViewController"], line: 1, column: 13)
        let screen = TypeDecl(
            kind: .class, name: "Checkout", inheritance: ["BaseScreen"], line: 3, column: 13,
            properties: [PropertyDecl(name: "router", type: "CheckoutRouting?", line: 4, column: 14)])
        let files = [Self.file("Checkout.swift", imports: ["UIKit"], types: [base, screen])]
        #expect(Self.check(ViewRouterShortcutRule.self, files).map(\.subject) == [["Checkout", "router"]])
    }
}
