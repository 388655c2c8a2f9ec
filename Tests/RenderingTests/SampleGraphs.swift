import ArchlintModel

/// Hand-written graphs staging what the renderer must show: a cross-feature import, a cycle, externals,
/// tests, and a component tree with a missing dependency and an `#if` edge.
enum SampleGraphs {
    static func module(_ name: String, _ type: ModuleType = .regular, package: String? = "AppPackage") -> Module {
        Module(
            id: package.map { "\($0)/\(name)" } ?? name, name: name, package: package,
            manifest: package.map { "\($0)/Package.swift" }, type: type,
            path: package.map { "\($0)/Sources/\(name)" }, files: ["\(package ?? name)/Sources/\(name)/\(name).swift"])
    }

    static func importEdge(_ from: String, _ to: String, line: Int = 1, condition: String? = nil) -> ModuleEdge {
        let fromName = from.split(separator: "/").last.map(String.init) ?? from
        return ModuleEdge(
            from: from, to: to, kind: .import, condition: condition,
            locations: [SourceLocation(file: "AppPackage/Sources/\(fromName)/\(fromName).swift", line: line, column: 1)])
    }

    static let moduleGraph = ModuleGraph(
        nodes: [
            module("App", .executable),
            module("ProfileFeature"),
            module("GachaFeature"),
            module("GachaInterface"),
            module("UICore"),
            module("DesignSystem"),
            module("ProfileFeatureTests", .test),
            Module(id: "lottie-spm/Lottie", name: "Lottie", package: "lottie-spm", type: .external),
            Module(id: "UIKit", name: "UIKit", type: .external),
        ],
        edges: [
            importEdge("AppPackage/App", "AppPackage/ProfileFeature"),
            importEdge("AppPackage/App", "AppPackage/GachaFeature"),
            importEdge("AppPackage/ProfileFeature", "AppPackage/GachaFeature", line: 3, condition: "DEBUG"),
            importEdge("AppPackage/ProfileFeature", "AppPackage/GachaInterface", line: 2),
            importEdge("AppPackage/ProfileFeature", "lottie-spm/Lottie", line: 4),
            importEdge("AppPackage/GachaFeature", "AppPackage/UICore"),
            importEdge("AppPackage/UICore", "AppPackage/DesignSystem"),
            importEdge("AppPackage/UICore", "UIKit", line: 2),
            importEdge("AppPackage/DesignSystem", "AppPackage/UICore", line: 5),
            importEdge("AppPackage/ProfileFeatureTests", "AppPackage/ProfileFeature"),
            ModuleEdge(
                from: "AppPackage/GachaFeature", to: "AppPackage/GachaInterface", kind: .declared,
                locations: [SourceLocation(file: "AppPackage/Package.swift", line: 20, column: 13)]),
        ])

    static let crossFeature = Diagnostic(
        rule: "cross-feature-import", severity: .error,
        message: "ProfileFeature imports GachaFeature's implementation under #if DEBUG; import GachaInterface instead",
        location: SourceLocation(file: "AppPackage/Sources/ProfileFeature/ProfileFeature.swift", line: 3, column: 1),
        module: "AppPackage/ProfileFeature", subject: ["AppPackage/ProfileFeature", "AppPackage/GachaFeature", "GachaFeature"])

    static let cycle = Diagnostic(
        rule: "module-cycle", severity: .error,
        message: "cycle: UICore → DesignSystem → UICore",
        location: SourceLocation(file: "AppPackage/Sources/DesignSystem/DesignSystem.swift", line: 5, column: 1),
        module: "AppPackage/DesignSystem",
        related: [
            RelatedLocation(
                location: SourceLocation(file: "AppPackage/Sources/UICore/UICore.swift", line: 1, column: 1),
                message: "UICore imports DesignSystem")
        ],
        subject: ["UICore", "DesignSystem"])

    static let moduleDiagnostics = [crossFeature, cycle]

    static let layeredConfiguration = ArchlintConfiguration(layers: [
        LayerConfiguration(name: "app", modules: ["App"]),
        LayerConfiguration(name: "feature", modules: ["*Feature"]),
        LayerConfiguration(name: "core", modules: ["UICore", "DesignSystem"]),
    ])

    static func component(
        _ name: String, _ type: ComponentType, module: String = "App", dependency: String? = nil,
        provides: [ProvidedProperty] = []
    ) -> ComponentNode {
        ComponentNode(
            id: name, name: name, module: module, file: "Sources/\(module)/\(name).swift", line: 3, column: 1,
            type: type, dependency: dependency, provides: provides)
    }

    static let componentGraph = ComponentGraph(
        nodes: [
            component("RootComponent", .root, provides: [
                ProvidedProperty(name: "apiClient", type: "APIClient", file: "Sources/App/RootComponent.swift", line: 5)
            ]),
            component("ProfileComponent", .component, module: "Profile", dependency: "ProfileDependency"),
            component("GachaComponent", .component, module: "Gacha", dependency: "GachaDependency"),
            component("DebugComponent", .nonCore, module: "Debug", dependency: "DebugDependency"),
        ],
        edges: [
            ComponentEdge(from: "RootComponent", to: "ProfileComponent", file: "Sources/App/RootComponent.swift", line: 8, column: 9),
            ComponentEdge(from: "ProfileComponent", to: "GachaComponent", file: "Sources/Profile/ProfileComponent.swift", line: 6, column: 9),
            ComponentEdge(
                from: "RootComponent", to: "DebugComponent", file: "Sources/App/RootComponent.swift", line: 12, column: 9,
                condition: "DEBUG"),
        ],
        resolutions: [
            DependencyResolution(
                component: "GachaComponent", path: ["RootComponent", "ProfileComponent", "GachaComponent"],
                property: "apiClient", type: "APIClient", provider: "RootComponent"),
            DependencyResolution(
                component: "GachaComponent", path: ["RootComponent", "ProfileComponent", "GachaComponent"],
                property: "analytics", type: "AnalyticsService", provider: nil),
        ])

    static let missingDependency = Diagnostic(
        rule: "missing-dependency", severity: .error,
        message: "GachaDependency.analytics: AnalyticsService is not provided on ^->RootComponent->ProfileComponent->GachaComponent",
        location: SourceLocation(file: "Sources/Gacha/GachaDependency.swift", line: 4, column: 9),
        module: "Gacha", subject: ["GachaComponent", "GachaDependency", "analytics"])
}
