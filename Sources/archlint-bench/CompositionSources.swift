/// Composition roots (Needle components of each feature group), the app target, core and service modules,
/// and the planted component-graph violations.
struct CompositionSources {
    let plan: CorpusPlan
    var snippets: CodeSnippets

    init(plan: CorpusPlan) {
        self.plan = plan
        snippets = CodeSnippets(random: SeededRandom(seed: plan.seed &+ 0xC0FFEE))
    }

    /// One file per Needle component of the group, plus the group's planted oddities.
    mutating func compositionRootFiles(group: Int) -> [(String, String)] {
        var files: [(String, String)] = []
        for index in plan.needleFeatures where plan.features[index].group == group {
            files.append(("\(plan.features[index].component).swift", component(index)))
        }
        if group == 0 {
            files.append(("Planted/LegacyComponent.swift", legacyComponents()))
            files.append(("Planted/SharedComponent.swift", sharedComponent(variant: 0)))
        }
        if group == 1 {
            files.append(("Planted/SharedComponent.swift", sharedComponent(variant: 1)))
        }
        return files
    }

    /// The modules a group's composition root imports: its features, their interfaces, child groups' roots.
    func compositionRootImports(group: Int) -> [String] {
        var modules = Set(["NeedleFoundation"])
        for index in plan.needleFeatures where plan.features[index].group == group {
            modules.insert(plan.features[index].module)
            modules.insert(plan.features[index].interface)
            for ancestor in plan.ancestors(of: index).prefix(2) { modules.insert(plan.features[ancestor].interface) }
            for child in plan.children(of: index) where plan.features[child].group != group {
                modules.insert(plan.compositionRoot(ofGroup: plan.features[child].group))
            }
        }
        for provision in CorpusPlan.rootProvisions { modules.insert(provision.module) }
        return modules.sorted()
    }

    private mutating func component(_ index: Int) -> String {
        let feature = plan.features[index]
        var out = SourceWriter()
        out.imports(
            compositionRootImports(group: feature.group),
            conditional: snippets.random.chance(0.3) ? [("DEBUG", "LoggingCore")] : [])
        out.block("final class \(feature.component): Component<\(feature.dependency)>") { out in
            out.block("var \(feature.contextProperty): \(feature.context)") { out in
                out.line("shared { \(feature.context)(identifier: \"\(feature.name)\") }")
            }
            out.line()
            out.block("var \(lowerFirst(feature.name))Builder: \(feature.name)Buildable") { out in
                out.line("\(feature.name)Builder(analytics: dependency.analytics)")
            }
            for child in plan.children(of: index) {
                let childFeature = plan.features[child]
                out.line()
                if snippets.random.chance(0.25) {
                    out.line("#if !APP_EXTENSION")
                    out.line("var \(lowerFirst(childFeature.component)): \(childFeature.component) { .init(parent: self) }")
                    out.line("#endif")
                } else {
                    out.block("var \(lowerFirst(childFeature.component)): \(childFeature.component)") { out in
                        out.line("\(childFeature.component)(parent: self)")
                    }
                }
            }
            for methodIndex in 0..<snippets.random.int(0...2) {
                out.line()
                snippets.method("diagnostics\(methodIndex)", owner: feature.name, into: &out)
            }
        }
        // Root services the subtree needs are re-provided nowhere else: the root has them all.
        return out.text
    }

    /// Planted: an orphan, a two-component cycle, an instantiation whose parent isn't `self`, a component whose
    /// generic argument is undeclared, and two suppression comments (one unknown rule, one unused).
    private func legacyComponents() -> String {
        let anchor = plan.features[plan.needleFeatures[0]]
        return """
            import NeedleFoundation

            protocol LegacyDependency: Dependency {
                var apiClient: APIClient { get }
            }

            /// Planted `orphan-component`: nothing instantiates it.
            final class LegacyComponent: Component<LegacyDependency> {
                var legacyTitle: String { "legacy" }
            }

            protocol LoopDependency: Dependency {}

            /// Planted `component-cycle`: LoopA → LoopB → LoopA.
            final class LoopAComponent: Component<LoopDependency> {
                var next: LoopBComponent { LoopBComponent(parent: self) }
            }

            final class LoopBComponent: Component<LoopDependency> {
                var back: LoopAComponent { LoopAComponent(parent: self) }
            }

            extension \(anchor.component) {
                var loop: LoopAComponent { LoopAComponent(parent: self) }

                /// Planted `invalid-component-instantiation`: the parent must be `self`.
                var stray: LoopBComponent { LoopBComponent(parent: loop) }
            }

            /// Planted `missing-dependency-conformance`: `UndeclaredDependency` is not declared anywhere.
            final class PhantomComponent: Component<UndeclaredDependency> {}

            // archlint:disable:next no-such-rule - planted `invalid-suppression`
            let legacyFlag = true

            // archlint:disable:next orphan-component - planted `unused-suppression`
            let legacyVersion = 2

            """
    }

    /// Planted `duplicate-component`: the same component name in two composition roots.
    private func sharedComponent(variant: Int) -> String {
        """
        import NeedleFoundation

        protocol SharedDependency\(variant): Dependency {}

        final class SharedComponent: Component<SharedDependency\(variant)> {
            var sharedVariant: Int { \(variant) }
        }

        """
    }

    // MARK: App target

    mutating func appFiles() -> [(String, String)] {
        var files: [(String, String)] = []
        var out = SourceWriter()
        var imports = Set(["NeedleFoundation", "UIKit"])
        for group in plan.groups.indices { imports.insert(plan.compositionRoot(ofGroup: group)) }
        for provision in CorpusPlan.rootProvisions { imports.insert(provision.module) }
        for index in plan.children(of: nil) { imports.insert(plan.features[index].interface) }
        out.imports(imports.sorted(), conditional: [("DEBUG", "LoggingCore")])
        out.block("final class RootComponent: BootstrapComponent") { out in
            for provision in CorpusPlan.rootProvisions {
                out.block("var \(provision.name): \(provision.type)") { out in
                    out.line("shared { \(provision.type)Impl() }")
                }
                out.line()
            }
            for index in plan.children(of: nil) {
                let feature = plan.features[index]
                out.block("var \(lowerFirst(feature.component)): \(feature.component)") { out in
                    out.line("\(feature.component)(parent: self)")
                }
                out.line()
            }
        }
        files.append(("RootComponent.swift", out.text))

        out = SourceWriter()
        out.imports(["UIKit", "NeedleFoundation"])
        out.line("@main")
        out.block("final class AppDelegate: UIResponder, UIApplicationDelegate") { out in
            out.line("var window: UIWindow?")
            out.line("private let root = RootComponent()")
            out.line()
            out.block("func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool") { out in
                out.line("registerProviderFactories()")
                out.line("window = UIWindow(frame: UIScreen.main.bounds)")
                out.line("window?.makeKeyAndVisible()")
                out.line("return true")
            }
        }
        files.append(("AppDelegate.swift", out.text))
        files.append(("NeedleGenerated.swift", needleGenerated()))
        return files
    }

    /// A file in the shape needle's generator writes; archlint must skip it as a component source.
    private func needleGenerated() -> String {
        var out = SourceWriter()
        out.imports(["NeedleFoundation", "UIKit"])
        out.line("// swiftlint:disable unused_declaration")
        out.line("private let needleDependenciesHash : String? = nil")
        out.line()
        for index in plan.needleFeatures.prefix(40) {
            let feature = plan.features[index]
            out.block("private class \(feature.dependency)Provider\(index): \(feature.dependency)") { out in
                out.line("private let rootComponent: RootComponent")
                out.block("init(rootComponent: RootComponent)") { out in out.line("self.rootComponent = rootComponent") }
            }
        }
        return out.text
    }

    // MARK: Core and service modules

    mutating func coreFiles(module: String, fileCount: Int) -> [(String, String)] {
        var files: [(String, String)] = []
        let stem = String(module.dropLast("Core".count))
        if let provision = CorpusPlan.rootProvisions.first(where: { $0.module == module }) {
            var out = SourceWriter()
            out.imports(["Foundation"])
            out.block("public protocol \(provision.type): AnyObject") { out in
                out.line("func track(_ name: String, properties: [String: String])")
                out.line("func send<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response")
            }
            out.line()
            out.block("public final class \(provision.type)Impl: \(provision.type)") { out in
                out.line("public init() {}")
                out.line("public func track(_ name: String, properties: [String: String]) {}")
                out.block("public func send<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response") { out in
                    out.line("throw URLError(.badURL)")
                }
            }
            files.append(("\(provision.type).swift", out.text))
        }
        if module == "NetworkCore" {
            files.append((
                "Endpoint.swift",
                "import Foundation\n\npublic struct Endpoint: Hashable, Sendable {\n    public var path: String\n    public var query: [String: String]\n\n    public init(path: String, query: [String: String] = [:]) {\n        self.path = path\n        self.query = query\n    }\n}\n"
            ))
        }
        if module == "StorageCore" {
            // Planted `module-cycle`: StorageCore ⇄ LoggingCore.
            files.append(("StorageLogging.swift", "import Foundation\nimport LoggingCore\n\nenum StorageLogging {\n    static let category = \"storage\"\n}\n"))
        }
        if module == "LoggingCore" {
            files.append(("LoggingStorage.swift", "import Foundation\nimport StorageCore\n\nenum LoggingStorage {\n    static let capacity = 1_024\n}\n"))
        }
        if module == "NetworkCore", let first = plan.features.first {
            // Planted `layer-violation`: a core module imports a feature interface.
            files.append(("NetworkFeatureHooks.swift", "import Foundation\nimport \(first.interface)\n\nenum NetworkFeatureHooks {\n    static let enabled = true\n}\n"))
        }
        while files.count < fileCount {
            var out = SourceWriter()
            out.imports(["Foundation"], conditional: snippets.random.chance(0.2) ? [("canImport(Combine)", "Combine")] : [])
            let typeName = "\(stem)Utility\(files.count)"
            out.block("public final class \(typeName)") { out in
                out.line("public static let shared = \(typeName)()")
                out.line("private let queue = DispatchQueue(label: \"\(module).\(typeName)\")")
                out.line()
                for methodIndex in 0..<snippets.random.int(5...15) {
                    snippets.method("perform\(methodIndex)", owner: stem, into: &out)
                }
            }
            out.line()
            snippets.model("\(stem)Payload\(files.count)", into: &out)
            files.append(("\(typeName).swift", out.text))
        }
        return files
    }
}
