import ArchlintModel
import Manifests

/// The corpus' modules laid out as a Tuist micro-feature app, in memory: one `Projects/<Layer>/<Name>/Project.swift`
/// per feature (its interface, implementation and tests as one project's targets) and per other module, each one
/// call into a `Project.makeModule` helper with the module's real dependencies (read off its imports), and the
/// corpus' Swift files moved into the template's `Sources`/`Interface`/`Tests` folders.
struct TuistLayoutWriter {
    /// A Tuist project: its layer folder, name, and the corpus modules playing each micro-target role.
    private struct Project {
        var layer: Layer
        var name: String
        var roles: [Role: CorpusWriter.Module] = [:]
    }

    private enum Layer: String, CaseIterable {
        case Apps, Feature, Composition, Service, Core

        /// The `TargetDependency` helper naming a module of this layer.
        var helper: String { rawValue.prefix(1).lowercased() + rawValue.dropFirst() }
    }

    private enum Role: String, CaseIterable {
        case interface = "Interface", sources = "", unitTest = "Tests"

        var folder: String { self == .sources ? "Sources" : rawValue }
        var microTarget: String { self == .unitTest ? "unitTest" : rawValue.lowercased() }
    }

    struct Layout {
        var fileSystem: SortedFileSystem
        var manifests: TuistManifestSet
        /// Bytes of the manifests and helpers.
        var manifestBytes: Int
        /// Each corpus module with the first-party modules it imports (the dependencies Tuist must yield).
        var expected: [String: Set<String>]
    }

    let modules: [CorpusWriter.Module]

    func layout() -> Layout {
        let projects = projects()
        let names = Set(modules.map(\.name))
        var home: [String: (project: Project, role: Role)] = [:]
        for project in projects { for (role, module) in project.roles { home[module.name] = (project, role) } }

        var contents: [String: String] = helpers(projects)
        var paths: [String] = []
        var expected: [String: Set<String>] = [:]
        for project in projects {
            let folder = "Projects/\(project.layer.rawValue)/\(project.name)"
            var internalDependencies: [String] = [], interfaceDependencies: [String] = []
            for role in Role.allCases {
                guard let module = project.roles[role] else { continue }
                for (file, _) in module.files { paths.append("\(folder)/\(role.folder)/\(file)") }
                var imported = CorpusWriter.imports(in: module.files).intersection(names)
                imported.remove(module.name)
                // The helper adds the project's own targets: interface → implementation → tests.
                let own = Set(project.roles.values.map(\.name))
                let references = imported.subtracting(own).sorted().map { dependency($0, home: home) }
                switch role {
                case .interface: interfaceDependencies = references
                case .sources: internalDependencies = references
                case .unitTest: break
                }
                if role == .sources, let interface = project.roles[.interface] { imported.insert(interface.name) }
                if role == .unitTest, let sources = project.roles[.sources] { imported = [sources.name] }
                expected[module.name] = imported
            }
            contents[folder + "/Project.swift"] = manifest(project, implementation: internalDependencies,
                                                           interface: interfaceDependencies)
        }
        let manifests = TuistManifestSet(
            projects: contents.keys.filter { $0.hasSuffix("/Project.swift") }.sorted(),
            helpers: contents.keys.filter { $0.hasPrefix("Tuist/ProjectDescriptionHelpers/") }.sorted())
        return Layout(
            fileSystem: SortedFileSystem(paths: paths, contents: contents), manifests: manifests,
            manifestBytes: contents.values.reduce(0) { $0 + $1.utf8.count }, expected: expected)
    }

    /// Features become one project with their interface and tests; every other module is a project of its own.
    private func projects() -> [Project] {
        var byName: [String: Project] = [:]
        var order: [String] = []
        for module in modules {
            let (layer, name, role) = place(module)
            if byName[name] == nil {
                order.append(name)
                byName[name] = Project(layer: layer, name: name)
            }
            byName[name]!.roles[role] = module
        }
        return order.map { byName[$0]! }
    }

    private func place(_ module: CorpusWriter.Module) -> (Layer, String, Role) {
        let name = module.name
        if module.package == nil { return (.Apps, name, .sources) }
        if module.isTest { return (.Feature, String(name.dropLast("Tests".count)), .unitTest) }
        if name.hasSuffix("FeatureInterface") { return (.Feature, String(name.dropLast("Interface".count)), .interface) }
        if name.hasSuffix("Feature") { return (.Feature, name, .sources) }
        if name.hasSuffix("CompositionRoot") { return (.Composition, name, .sources) }
        if name.hasSuffix("ServiceCore") { return (.Service, name, .sources) }
        return (.Core, name, .sources)
    }

    private func dependency(_ module: String, home: [String: (project: Project, role: Role)]) -> String {
        guard let (project, role) = home[module] else { return ".target(name: \"\(module)\")" }
        let type = role == .sources ? "" : ", type: .\(role.microTarget)"
        return ".\(project.layer.helper)(.\(project.name)\(type))"
    }

    private func manifest(_ project: Project, implementation: [String], interface: [String]) -> String {
        var arguments = ["    name: ModulePaths.\(project.layer.rawValue).\(project.name).rawValue"]
        if project.layer == .Apps { arguments.append("    product: .app") }
        let micro = Role.allCases.filter { $0 != .sources && project.roles[$0] != nil }.map { ".\($0.microTarget)" }
        if !micro.isEmpty { arguments.append("    targets: [\(micro.joined(separator: ", "))]") }
        func list(_ label: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            arguments.append("    \(label): [\n" + items.map { "        \($0)," }.joined(separator: "\n") + "\n    ]")
        }
        list("internalDependencies", implementation)
        list("interfaceDependencies", interface)
        return """
            import ProjectDescription
            import ProjectDescriptionHelpers

            let project = Project.makeModule(
            \(arguments.joined(separator: ",\n"))
            )

            """
    }

    private func helpers(_ projects: [Project]) -> [String: String] {
        var paths = ["public enum ModulePaths {"]
        for layer in Layer.allCases {
            paths.append("    public enum \(layer.rawValue): String, CaseIterable {")
            for project in projects where project.layer == layer { paths.append("        case \(project.name)") }
            paths.append("    }")
        }
        paths.append("}")
        paths.append("""

            public enum MicroTargetKind: String {
                case interface = "Interface"
                case sources = ""
                case unitTest = "Tests"
            }

            """)
        var dependencies = ["import ProjectDescription", "", "public extension TargetDependency {"]
        for layer in Layer.allCases {
            dependencies.append("""
                    static func \(layer.helper)(_ module: ModulePaths.\(layer.rawValue), type: MicroTargetKind = .sources) -> TargetDependency {
                        .project(target: "\\(module.rawValue)\\(type.rawValue)", path: .relativeToRoot("Projects/\(layer.rawValue)/" + module.rawValue))
                    }
                """)
        }
        dependencies.append("}\n")
        return [
            "Tuist/ProjectDescriptionHelpers/ModulePaths.swift": paths.joined(separator: "\n"),
            "Tuist/ProjectDescriptionHelpers/TargetDependency+Module.swift": dependencies.joined(separator: "\n"),
            "Tuist/ProjectDescriptionHelpers/Project+Module.swift": Self.projectHelper,
        ]
    }

    /// The micro-feature helper: an implementation target, and the interface and tests the caller asks for.
    private static let projectHelper = """
        import ProjectDescription

        private let organization = "com.example.bench"

        public enum MicroTarget: String, CaseIterable {
            case interface
            case unitTest
        }

        public extension Project {
            static func makeModule(
                name: String,
                product: Product = .staticFramework,
                targets: Set<MicroTarget> = [],
                internalDependencies: [TargetDependency] = [],
                interfaceDependencies: [TargetDependency] = [],
                settings: Settings? = nil
            ) -> Project {
                var projectTargets: [Target] = []
                var implementationDependencies = internalDependencies

                if targets.contains(.interface) {
                    let interfaceName = name + "Interface"
                    projectTargets.append(.target(
                        name: interfaceName,
                        destinations: .iOS,
                        product: .framework,
                        bundleId: "\\(organization).\\(interfaceName)",
                        sources: ["Interface/**"],
                        dependencies: interfaceDependencies
                    ))
                    implementationDependencies.append(.target(name: interfaceName))
                }

                projectTargets.append(.target(
                    name: name,
                    destinations: .iOS,
                    product: product,
                    bundleId: "\\(organization).\\(name)",
                    sources: .glob("Sources/**", excluding: ["Sources/**/*.generated.swift"]),
                    dependencies: implementationDependencies
                ))

                if targets.contains(.unitTest) {
                    projectTargets += [
                        .target(
                            name: "\\(name)Tests",
                            destinations: .iOS,
                            product: .unitTests,
                            bundleId: "\\(organization).\\(name)Tests",
                            sources: ["Tests/**"],
                            dependencies: [.target(name: name)]
                        ),
                    ]
                }

                return Project(name: name, settings: settings ?? .settings(), targets: projectTargets)
            }
        }

        """
}
