import ArchlintModel
import Graphs

/// Builds the graph needle's generator would build for one app from archlint's facts, with needle's rules:
/// - a component's properties provide as `NeedleProviderRule` says (the body's only when `public`, an extension's
///   unless hidden, only with a written type annotation);
/// - a requirement matches a provider by name and type text;
/// - a component's parents are the components that instantiate it (`X(parent: self)`), in component order.
struct NeedleGraphBuilder {
    var analysis: NeedleAnalysis
    /// Every file of the app, needle's generated ones included (their imports can count, as they do for needle).
    var files: [ScannedFile]
    var pluginized: Bool
    /// Component names in the order an existing generated file lists them; others follow in file order.
    var orderHint: [String]
    /// Per component, `name-type` of its properties in the order an existing generated file lists them.
    var propertyOrderHint: [String: [String]] = [:]
    /// Whether a module's declarations default to `MainActor` (by module name, as `LocatedType.module`): what
    /// an unannotated requirement is isolated to.
    var defaultsToMainActor: (String) -> Bool = { _ in false }

    enum Problem: Error, Equatable {
        case missingDependencyProtocol(component: String, protocolName: String, at: SourceLocation)
        case missingNonCore(component: String, name: String, at: SourceLocation)
        case missingPluginExtension(component: String, name: String, at: SourceLocation)
    }

    func build() -> (model: NeedleGraphModel?, problems: [Problem]) {
        let candidates = analysis.needleComponents
        let regular = ordered(candidates.filter { $0.kind == .root || $0.kind == .component })
        let nonCore = pluginized ? ordered(candidates.filter { $0.kind == .nonCore }) : []
        let pluginizedDecls = pluginized ? ordered(candidates.filter { $0.kind == .pluginized }) : []
        let decls = regular + nonCore + pluginizedDecls
        var problems: [Problem] = []

        var nodes: [NeedleNode] = decls.map { decl in
            NeedleNode(
                name: decl.name, isRoot: decl.kind == .root, isLeaf: true, properties: properties(of: decl),
                dependency: .empty, parents: [], location: decl.location, path: decl.location.file)
        }
        for (index, decl) in decls.enumerated() {
            switch dependency(of: decl) {
            case .success(let dependency): nodes[index].dependency = dependency
            case .failure(let problem): problems.append(problem)
            }
        }

        // Parents in the order needle links them: it walks non-core components, then regular ones, then
        // pluginized ones (regular ones alone when not pluginized), each instantiating its children.
        var indexByName: [String: Int] = [:]
        for (index, node) in nodes.enumerated() where indexByName[node.name] == nil { indexByName[node.name] = index }
        let linkOrder = Array(regular.count..<(regular.count + nonCore.count)) + Array(0..<regular.count)
            + Array((regular.count + nonCore.count)..<decls.count)
        var childrenOf: [String: [String]] = [:]
        for instantiation in analysis.instantiations {
            guard let parent = instantiation.parent else { continue }
            childrenOf[parent, default: []].append(instantiation.child)
        }
        for parentIndex in linkOrder {
            let children = Set(childrenOf[nodes[parentIndex].name] ?? []).sorted()
            for child in children {
                guard let childIndex = indexByName[child] else { continue }
                nodes[childIndex].parents.append(parentIndex)
                nodes[parentIndex].isLeaf = false
            }
        }

        var pluginizedComponents: [NeedlePluginized] = []
        for (offset, decl) in pluginizedDecls.enumerated() {
            let index = regular.count + nonCore.count + offset
            guard let nonCoreName = decl.nonCoreComponent,
                  let nonCoreIndex = nonCore.firstIndex(where: { $0.name == nonCoreName }).map({ $0 + regular.count })
            else {
                problems.append(.missingNonCore(component: decl.name, name: decl.nonCoreComponent ?? "", at: decl.location))
                continue
            }
            guard let extensionName = decl.pluginExtension,
                  let pluginExtension = analysis.types.protocols(named: extensionName).first
            else {
                problems.append(.missingPluginExtension(
                    component: decl.name, name: decl.pluginExtension ?? "", at: decl.location))
                continue
            }
            nodes[nonCoreIndex].isLeaf = false
            nodes[index].isLeaf = false
            nodes[nonCoreIndex].parents.append(index)
            let extensionProperties = annotated(pluginExtension.decl.properties, isInternal: { _ in true }).map { property in
                var property = property
                property.isolation = self.isolation(of: property.name, in: pluginExtension)
                return property
            }
            pluginizedComponents.append(NeedlePluginized(
                node: index, nonCore: nonCoreIndex, pluginExtensionName: extensionName,
                pluginExtensionProperties: extensionProperties,
                pluginExtensionIsSendable: refinesSendable(pluginExtension)))
        }
        guard problems.isEmpty else { return (nil, problems) }

        var hashInputs = analysis.dependencyProtocols.map { (name: $0.name, path: $0.location.file) }
        hashInputs += decls.map { (name: $0.name, path: $0.location.file) }
        let model = NeedleGraphModel(
            nodes: nodes, regularCount: regular.count + nonCore.count, pluginized: pluginizedComponents,
            imports: imports(components: decls), hashInputs: hashInputs)
        return (model, [])
    }

    // MARK: - Order

    /// Components named by the hint first, in its order; the rest in file order (needle's order is its file
    /// enumeration's, which depends on the file system).
    private func ordered(_ decls: [ComponentDecl]) -> [ComponentDecl] {
        var rank: [String: Int] = [:]
        for (index, name) in orderHint.enumerated() where rank[name] == nil { rank[name] = index }
        return decls.enumerated().sorted { lhs, rhs in
            let left = rank[lhs.element.name] ?? Int.max
            let right = rank[rhs.element.name] ?? Int.max
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    // MARK: - Properties

    /// The properties needle 0.25.1 takes as providers (`NeedleProviderRule`, which `missing-dependency` reads too):
    /// the body's, then each extension's.
    private func properties(of decl: ComponentDecl) -> [NeedleProperty] {
        var result: [NeedleProperty] = []
        let declaration = analysis.types.classes(named: decl.name).first { $0.location == decl.location }
        for located in (declaration.map { [$0] } ?? []) + analysis.types.extensions(of: decl.name) {
            for property in located.decl.properties {
                guard let visibility = NeedleProviderRule.visibility(of: property, in: located.decl),
                      NeedleProviderRule.generator.provides(visibility),
                      let type = property.type else { continue }
                result.append(NeedleProperty(name: property.name, type: type, isInternal: visibility == .internalProvider))
            }
        }
        guard let hint = propertyOrderHint[decl.name], !hint.isEmpty else { return result }
        var rank: [String: Int] = [:]
        for (index, key) in hint.enumerated() where rank[key] == nil { rank[key] = index }
        return result.enumerated().sorted { lhs, rhs in
            let left = rank["\(lhs.element.name)-\(lhs.element.type)"] ?? Int.max
            let right = rank["\(rhs.element.name)-\(rhs.element.type)"] ?? Int.max
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }

    private func annotated(_ properties: [PropertyDecl], isInternal: (PropertyDecl) -> Bool) -> [NeedleProperty] {
        properties.compactMap { property in
            guard let type = property.type else { return nil }
            return NeedleProperty(name: property.name, type: type, isInternal: isInternal(property))
        }
    }

    // MARK: - Dependencies

    private func dependency(of decl: ComponentDecl) -> Result<NeedleDependency, Problem> {
        if decl.kind == .root { return .success(.empty) }
        let name = decl.dependency ?? ""
        if name == NeedleDependency.empty.name { return .success(.empty) }
        guard let declaration = analysis.dependencyProtocolsByName[name] else {
            return .failure(.missingDependencyProtocol(component: decl.name, protocolName: name, at: decl.location))
        }
        let written: [(NeedleProperty, SourceLocation)] = declaration.requirements.map { requirement in
            let declaring = analysis.types.protocols(named: requirement.declaredIn)
                .first { $0.path == requirement.location.file }
            let actor = declaring.flatMap { self.isolation(of: requirement.name, in: $0) }
            return (NeedleProperty(name: requirement.name, type: requirement.type, isInternal: false, isolation: actor),
                    requirement.location)
        }
        let located = analysis.types.protocols(named: name).first { $0.path == declaration.location.file }
        return .success(NeedleDependency(
            name: name, properties: written.map(\.0), locations: written.map(\.1),
            isSendable: located.map(refinesSendable) ?? false))
    }

    // MARK: - Isolation

    /// The global actor a protocol's property requirement is isolated to: its own attribute, else its
    /// protocol's, else `MainActor` when the protocol's module defaults to it and the protocol isn't `nonisolated`.
    private func isolation(of property: String, in located: LocatedType) -> String? {
        let requirement = located.decl.properties.first { $0.name == property && !$0.isStatic }
        if let own = requirement.flatMap({ Self.globalActor(in: $0.attributes) }) { return own }
        if let inherited = Self.globalActor(in: located.decl.attributes) { return inherited }
        if located.decl.isNonisolated { return nil }
        return defaultsToMainActor(located.module) ? "MainActor" : nil
    }

    /// `MainActor`, or an attribute naming a global actor by convention (`…Actor`).
    static func globalActor(in attributes: [String]) -> String? {
        attributes.first { $0 == "MainActor" || ($0.hasSuffix("Actor") && $0 != "globalActor") }
    }

    /// Whether the protocol refines `Sendable`, directly or through protocols of the workspace.
    private func refinesSendable(_ located: LocatedType) -> Bool {
        var visited: Set<String> = [located.simpleName]
        var queue = [located]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for inherited in next.decl.inheritance.map(NeedleTypeText.lastComponent) {
                if inherited == "Sendable" { return true }
                if visited.insert(inherited).inserted { queue += analysis.types.protocols(named: inherited) }
            }
        }
        return false
    }

    // MARK: - Imports

    /// The import statements of every file that declares a component, a Dependency protocol or a plugin
    /// extension, or extends a component (needle's own output included, as needle reads it too), sorted.
    private func imports(components: [ComponentDecl]) -> [String] {
        var paths = Set(components.map(\.location.file))
        paths.formUnion(analysis.dependencyProtocols.map(\.location.file))
        let componentNames = Set(components.map(\.name))
        if pluginized {
            let extensionNames = Set(components.compactMap(\.pluginExtension))
            for name in extensionNames { paths.formUnion(analysis.types.protocols(named: name).map(\.path)) }
        }
        var statements: Set<String> = []
        var seen: Set<String> = []
        for file in files where seen.insert(file.path).inserted {
            let extendsComponent = file.facts.types.contains {
                $0.kind == .extension && componentNames.contains(NeedleTypeText.lastComponent($0.name))
            }
            guard paths.contains(file.path) || extendsComponent else { continue }
            for declaration in file.facts.imports { statements.insert(Self.statement(declaration)) }
        }
        return statements.sorted()
    }

    /// The import statement as written, rebuilt from its parts: `@testable import X`, `import class UIKit.UIView`.
    static func statement(_ declaration: ImportDecl) -> String {
        var parts = declaration.attributes.map { "@\($0)" }
        if let accessLevel = declaration.accessLevel { parts.append(accessLevel) }
        parts.append("import")
        if let kind = declaration.kind { parts.append(kind) }
        parts.append(declaration.path.joined(separator: "."))
        return parts.joined(separator: " ")
    }
}
