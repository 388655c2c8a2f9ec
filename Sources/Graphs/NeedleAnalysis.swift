import ArchlintModel

/// What the Needle / RIBs rules need to know about a workspace: components, Dependency protocols,
/// instantiations and RIBs builders. Built from FileFacts only; needle-generated files are ignored.
public struct NeedleAnalysis: Sendable {
    public private(set) var types: TypeIndex
    /// Every recognised component (both flavors, duplicates included), in file order.
    public private(set) var components: [ComponentDecl] = []
    /// Every Dependency protocol (duplicates included), in file order.
    public private(set) var dependencyProtocols: [DependencyProtocolDecl] = []
    /// `parent:` instantiations of components.
    public private(set) var instantiations: [ComponentInstantiation] = []
    public private(set) var builders: [String: BuilderDecl] = [:]
    public private(set) var builderInstantiations: [BuilderInstantiation] = []
    /// Classes that only serve as generic superclasses of components (`UberPluginizedComponent<D, P, N>`).
    public private(set) var componentBaseClasses: [String: ComponentType] = [:]

    /// First declaration per name (Needle's names are global; later ones are duplicates).
    public private(set) var componentsByName: [String: ComponentDecl] = [:]
    public private(set) var dependencyProtocolsByName: [String: DependencyProtocolDecl] = [:]

    /// Every resolved call of the analysed files, by path (for analyses that share this one's).
    private var callsByFile: [String: FileCalls] = [:]
    /// Component location → the Dependency protocol its file sees, when several share the name.
    private var dependencyProtocolsByComponent: [SourceLocation: DependencyProtocolDecl] = [:]

    /// One file's resolved calls, with the module id they were resolved in.
    struct FileCalls: Sendable {
        var module: String
        var calls: [ResolvedCall]
    }

    /// - Parameters:
    ///   - shared: an analysis of the same workspace's files (all of them, say): what it located of a file in the
    ///     same module (types, calls) is taken instead of being made again, and when it analysed exactly these
    ///     files it is the result. The result is the same either way.
    ///   - changed: paths whose facts differ from the ones `shared` read (it analysed another version of the
    ///     tree): nothing of theirs is taken.
    ///   - prebuilt: the workspace's type index, when the caller has it (with the recording it wants); else one
    ///     is built, recording where `shared`'s does.
    public init(
        _ workspace: WorkspaceModel, sharing shared: NeedleAnalysis? = nil, except changed: Set<String> = [],
        types prebuilt: TypeIndex? = nil
    ) {
        let sources = TypeIndex.sourceFiles(workspace)
        if let shared, changed.isEmpty || workspace.files.allSatisfy({ !changed.contains($0.path) }),
           shared.types.sourceKeys == TypeIndex.keys(sources) {
            self = shared
            if let prebuilt { self.types = prebuilt }
            return
        }
        types = prebuilt ?? TypeIndex(workspace, sources: sources, sharing: shared?.types, except: changed)
        componentBaseClasses = Self.findComponentBaseClasses(types)
        callsByFile = Self.resolvedCalls(
            workspace, sources: sources, sharing: shared?.callsByFile ?? [:], except: changed)
        let calls = sources.flatMap { callsByFile[$0.path]?.calls ?? [] }
        let bases = componentBaseClasses
        // A module that declares its own `Component` (iOS10-OpenList's home-grown DI) means that class in its
        // files, as Swift's lookup does: its subclasses are no Needle or RIBs components. One that declares
        // `BootstrapComponent` beside it holds NeedleFoundation's own sources (uber/needle's samples).
        let declaredBases = types.all(.class) { Self.isNeedleBase($0.simpleName) }
        let needleSources = Set(declaredBases.filter { $0.simpleName == "BootstrapComponent" }.map(\.module))
        let ownBases = Set(declaredBases.filter { $0.simpleName == "Component" && !needleSources.contains($0.module) }
            .map { OwnBase($0.module, $0.simpleName) })
        // NeedleFoundation's own classes (scanned where the framework's sources sit beside an app, as in
        // uber/needle's samples) are bases: needle reads only the app's sources, never these.
        let candidates = types.all(.class) { header in
            bases[header.simpleName] == nil && !Self.isNeedleBase(header.simpleName)
                && Self.componentKind(of: header.inheritance, bases: bases) != nil
        }.compactMap { located -> (LocatedType, ComponentType, [String])? in
            guard let (kind, arguments) = componentKind(of: located.decl) else { return nil }
            if let superclass = located.decl.inheritance.first,
               ownBases.contains(OwnBase(located.module, NeedleTypeText.splitGeneric(superclass).0)) {
                return nil
            }
            return (located, kind, arguments)
        }
        let candidateNames = Set(candidates.map { $0.0.simpleName })
        let parentInstantiated = Set(calls.filter { $0.call.argument("parent") != nil }.compactMap(\.typeName))
        let dependencyInstantiated = Set(calls.filter { $0.call.argument("dependency") != nil }.compactMap(\.typeName))

        for (located, kind, arguments) in candidates {
            let flavor = Self.flavor(
                of: located, kind: kind, parentInstantiated: parentInstantiated,
                dependencyInstantiated: dependencyInstantiated)
            components.append(ComponentDecl(
                name: located.simpleName,
                qualifiedName: located.decl.qualifiedName,
                location: located.location,
                module: located.module,
                condition: located.decl.condition,
                kind: kind,
                flavor: flavor,
                superclass: located.decl.inheritance.first ?? "",
                dependency: kind == .root ? nil : arguments.first.map(NeedleTypeText.lastComponent),
                pluginExtension: kind == .pluginized && arguments.count > 1 ? NeedleTypeText.lastComponent(arguments[1]) : nil,
                nonCoreComponent: kind == .pluginized && arguments.count > 2 ? NeedleTypeText.lastComponent(arguments[2]) : nil,
                providers: providers(of: located)
            ))
        }
        for component in components where component.flavor == .needle && componentsByName[component.name] == nil {
            componentsByName[component.name] = component
        }

        for located in types.all(.protocol, where: { $0.simpleName != "Dependency" && inheritsDependency($0.simpleName) }) {
            let declaration = DependencyProtocolDecl(
                name: located.simpleName,
                location: located.location,
                module: located.module,
                condition: located.decl.condition,
                inheritance: located.decl.inheritance,
                requirements: requirements(ofProtocol: located)
            )
            dependencyProtocols.append(declaration)
            if dependencyProtocolsByName[declaration.name] == nil { dependencyProtocolsByName[declaration.name] = declaration }
        }

        var builderClasses: [String: [LocatedType]] = [:]
        for located in types.all(.class, where: { Self.builderDependency($0.inheritance) != nil }) {
            guard let dependency = Self.builderDependency(located.decl.inheritance) else { continue }
            builderClasses[located.simpleName, default: []].append(located)
            if builders[located.simpleName] == nil {
                builders[located.simpleName] = BuilderDecl(
                    name: located.simpleName, dependency: NeedleTypeText.lastComponent(dependency),
                    location: located.location, module: located.module)
            }
        }
        dependencyProtocolsByComponent = Self.dependencyProtocolsSeen(
            by: candidates.map(\.0), components: components, protocols: dependencyProtocols, types: types)
        // A call's file sees its own module's builder, else an imported one's (`TypeIndex.visible`).
        let importsByPath = Dictionary(
            sources.lazy.filter { !$0.facts.calls.isEmpty }.map { ($0.path, Set($0.facts.imports.map(\.module))) },
            uniquingKeysWith: { first, _ in first })

        for resolved in calls {
            guard let typeName = resolved.typeName else { continue }
            if let parentArgument = resolved.call.argument("parent"), candidateNames.contains(typeName) {
                let enclosing = resolved.call.enclosingType.map(NeedleTypeText.lastComponent)
                instantiations.append(ComponentInstantiation(
                    child: typeName,
                    parent: enclosing.flatMap { componentsByName[$0] != nil ? $0 : nil },
                    parentArgument: parentArgument.value,
                    condition: resolved.call.condition,
                    location: resolved.location,
                    module: resolved.module
                ))
            }
            if let argument = resolved.call.argument("dependency"), let classes = builderClasses[typeName],
               let builder = TypeIndex.visible(classes, from: TypeIndex.Viewpoint(
                   module: resolved.module, imports: importsByPath[resolved.location.file] ?? [])).first,
               let dependency = Self.builderDependency(builder.decl.inheritance) {
                let viewpoint = TypeIndex.Viewpoint(module: resolved.module, imports: importsByPath[resolved.location.file] ?? [])
                builderInstantiations.append(BuilderInstantiation(
                    builder: typeName,
                    dependency: NeedleTypeText.lastComponent(dependency),
                    argument: argument.value,
                    argumentType: staticType(of: argument.value, in: resolved.call, from: viewpoint),
                    enclosingType: resolved.call.enclosingType,
                    location: resolved.location,
                    module: resolved.module,
                    builderLocation: builder.location
                ))
            }
        }
    }

    // MARK: - Queries

    /// The Dependency protocol a component names, as its file sees it: of several with that name, its own
    /// module's, else an imported module's (`TypeIndex.visible`); else the first declared.
    public func dependencyProtocol(of component: ComponentDecl) -> DependencyProtocolDecl? {
        guard let name = component.dependency else { return nil }
        return dependencyProtocolsByComponent[component.location] ?? dependencyProtocolsByName[name]
    }

    /// For each component whose Dependency protocol's name several protocols share, the one its file sees.
    private static func dependencyProtocolsSeen(
        by located: [LocatedType], components: [ComponentDecl], protocols: [DependencyProtocolDecl], types: TypeIndex
    ) -> [SourceLocation: DependencyProtocolDecl] {
        let byName = Dictionary(grouping: protocols, by: \.name).filter { $0.value.count > 1 }
        guard !byName.isEmpty else { return [:] }
        var result: [SourceLocation: DependencyProtocolDecl] = [:]
        for (component, declaration) in zip(components, located) {
            guard let name = component.dependency, let candidates = byName[name] else { continue }
            let seen = TypeIndex.visible(types.protocols(named: name), from: TypeIndex.Viewpoint(declaration))
            guard let first = seen.first, let chosen = candidates.first(where: { $0.location == first.location }) else { continue }
            result[component.location] = chosen
        }
        return result
    }

    /// Needle components only, one per name.
    public var needleComponents: [ComponentDecl] {
        components.filter { $0.flavor == .needle && componentsByName[$0.name]?.location == $0.location }
    }

    /// True when `name` is a protocol declared in the workspace that inherits `Dependency`, directly or
    /// through other declared protocols.
    public func inheritsDependency(_ name: String) -> Bool {
        var visited: Set<String> = []
        return inheritsDependency(name, visited: &visited)
    }

    private func inheritsDependency(_ name: String, visited: inout Set<String>) -> Bool {
        guard visited.insert(name).inserted else { return false }
        for located in types.protocols(named: name) {
            for inherited in located.decl.inheritance.map(NeedleTypeText.lastComponent) {
                if inherited == "Dependency" || inheritsDependency(inherited, visited: &visited) { return true }
            }
        }
        return false
    }

    /// Whether `typeName` conforms to protocol `protocolName` through its declaration, any extension, a
    /// protocol it conforms to that inherits `protocolName`, or a superclass declared in the workspace.
    public func conforms(_ typeName: String, to protocolName: String) -> Bool {
        var visited: Set<String> = []
        return conforms(typeName, to: protocolName, visited: &visited)
    }

    private func conforms(_ typeName: String, to protocolName: String, visited: inout Set<String>) -> Bool {
        guard visited.insert(typeName).inserted else { return false }
        if typeName == protocolName { return true }
        for located in types.declarationsAndExtensions(of: typeName) {
            for inherited in located.decl.inheritance.map(NeedleTypeText.lastComponent) {
                if conforms(inherited, to: protocolName, visited: &visited) { return true }
            }
        }
        return false
    }

    /// Whether any type (class, struct, enum, protocol, actor) of that simple name is declared.
    public func isDeclared(_ name: String) -> Bool {
        !types.declarations(named: name).isEmpty
    }

    // MARK: - Components

    /// A component base class a module declares itself: (module name, class name as written, unqualified).
    private struct OwnBase: Hashable {
        var module: String
        var name: String
        init(_ module: String, _ name: String) { (self.module, self.name) = (module, name) }
    }

    /// The frameworks whose `Component`s the analyses tell apart. Of a file's imports, the Needle analyses and rules
    /// read only whether it imports these, except for files that declare or extend what they look at
    /// (`AnalysisInputs.needle` digests exactly that).
    public static let ribsModule = "RIBs"
    public static let needleModule = "NeedleFoundation"
    /// RIBs and its drop-in forks ModernRIBs and CombineRIBs: each declares `Component<Dependency>`,
    /// `Builder<Dependency>`.
    public static let ribsModules: Set<String> = [ribsModule, "ModernRIBs", "CombineRIBs"]

    /// Whether `module` is RIBs (or a fork of it): the one answer to "does this import bring RIBs' `Component`?".
    public static func isRIBsModule(_ module: String) -> Bool { ribsModules.contains(module) }

    /// What the analyses need parsed (`ScanDemand`): a component's base class, a Dependency protocol's
    /// `Dependency`, a RIBs builder's `Builder`, a call labelled `parent:` or `dependency:`. A class built on a
    /// component base, a protocol refining a Dependency protocol and a parent's conformance in an extension name
    /// a parsed declaration, which `TypeRelevance` follows.
    public static let scanDemand = ScanDemand(
        names: componentBases.keys.sorted() + ["Dependency", "Builder", "parent", "dependency"], nameParts: [String]())

    /// Whether `name` is one of NeedleFoundation's own component classes (`BootstrapComponent`, `NonCoreComponent`,
    /// …): where the framework's sources are scanned (uber/needle itself), they are the bases others subclass.
    public static func isNeedleBase(_ name: String) -> Bool { componentBases[name] != nil }

    private static let componentBases: [String: ComponentType] = [
        "BootstrapComponent": .root, "Component": .component, "NonCoreComponent": .nonCore,
        "PluginizedComponent": .pluginized,
    ]

    /// The kind of a class from its superclass, with the superclass's generic arguments.
    private func componentKind(of decl: TypeDecl) -> (ComponentType, [String])? {
        Self.componentKind(of: decl.inheritance, bases: componentBaseClasses)
    }

    /// The dependency a RIBs builder class (`Builder<XDependency>`) is built with, from its inheritance.
    private static func builderDependency(_ inheritance: [String]) -> String? {
        guard let superclass = inheritance.first else { return nil }
        let (base, arguments) = NeedleTypeText.splitGeneric(superclass)
        guard NeedleTypeText.lastComponent(base) == "Builder" else { return nil }
        return arguments.first
    }

    private static func componentKind(of inheritance: [String], bases extra: [String: ComponentType]) -> (ComponentType, [String])? {
        guard let superclass = inheritance.first else { return nil }
        let (base, arguments) = NeedleTypeText.splitGeneric(superclass)
        guard let kind = componentBases[NeedleTypeText.lastComponent(base)] ?? extra[NeedleTypeText.lastComponent(base)]
        else { return nil }
        if kind != .root && arguments.isEmpty { return nil }
        return (kind, arguments)
    }

    /// A component class that other classes subclass with generic arguments is a base, not a component.
    private static func findComponentBaseClasses(_ types: TypeIndex) -> [String: ComponentType] {
        var bases: [String: ComponentType] = [:]
        let classes = types.headers(.class)
        let genericSuperclasses = Set(classes.compactMap { located -> String? in
            guard let superclass = located.inheritance.first else { return nil }
            let (base, arguments) = NeedleTypeText.splitGeneric(superclass)
            return arguments.isEmpty ? nil : NeedleTypeText.lastComponent(base)
        })
        var changed = true
        while changed {
            changed = false
            for located in classes where bases[located.simpleName] == nil && genericSuperclasses.contains(located.simpleName) {
                if let (kind, _) = componentKind(of: located.inheritance, bases: bases), kind != .root {
                    bases[located.simpleName] = kind
                    changed = true
                }
            }
        }
        return bases
    }

    private static func flavor(
        of located: LocatedType, kind: ComponentType, parentInstantiated: Set<String>, dependencyInstantiated: Set<String>
    ) -> ComponentFlavor {
        guard kind == .component else { return .needle }
        if parentInstantiated.contains(located.simpleName) { return .needle }
        if dependencyInstantiated.contains(located.simpleName) { return .ribs }
        if located.imports.contains(where: isRIBsModule) && !located.imports.contains(needleModule) { return .ribs }
        return .needle
    }

    /// Every property needle reads of the component's body and extensions (`NeedleProviderRule`), with how.
    private func providers(of component: LocatedType) -> [ComponentProvider] {
        var providers: [ComponentProvider] = []
        let extensions = types.extensions(of: component.simpleName)
        for located in [component] + extensions {
            for property in located.decl.properties {
                guard let visibility = NeedleProviderRule.visibility(of: property, in: located.decl),
                      let type = property.type else { continue }
                providers.append(ComponentProvider(
                    name: property.name, type: type, canonicalType: NeedleTypeText.canonical(type),
                    location: SourceLocation(file: located.path, line: property.line, column: property.column),
                    isInExtension: located.decl.kind == .extension, visibility: visibility))
            }
        }
        return providers
    }

    // MARK: - Dependency protocols

    /// Own property requirements, then those of every inherited protocol declared in the workspace.
    func requirements(ofProtocol dependency: LocatedType) -> [DependencyRequirement] {
        var result: [DependencyRequirement] = []
        var seen: Set<String> = []
        var visited: Set<String> = []
        var queue: [LocatedType] = [dependency]
        visited.insert(dependency.simpleName)
        while !queue.isEmpty {
            let located = queue.removeFirst()
            for property in located.decl.properties where !property.isStatic {
                guard let type = property.effectiveType else { continue }
                let canonical = NeedleTypeText.canonical(type)
                guard seen.insert("\(property.name): \(canonical)").inserted else { continue }
                result.append(DependencyRequirement(
                    name: property.name, type: type, canonicalType: canonical, declaredIn: located.simpleName,
                    location: SourceLocation(file: located.path, line: property.line, column: property.column),
                    module: located.module))
            }
            for inherited in located.decl.inheritance.map(NeedleTypeText.lastComponent)
            where inherited != "Dependency" && visited.insert(inherited).inserted {
                queue += types.protocols(named: inherited)
            }
        }
        return result
    }

    // MARK: - Calls

    struct ResolvedCall {
        var call: CallFact
        /// The instantiated type's simple name, when the callee names a type.
        var typeName: String?
        var location: SourceLocation
        var module: String
    }

    private static func resolvedCalls(
        _ workspace: WorkspaceModel, sources: [ScannedFile], sharing shared: [String: FileCalls], except changed: Set<String>
    ) -> [String: FileCalls] {
        let moduleNames = TypeIndex.moduleNames(workspace)
        var result: [String: FileCalls] = [:]
        for file in sources {
            if let entry = shared[file.path], TypeIndex.takesShared(file, locatedIn: entry.module, except: changed) {
                result[file.path] = entry
                continue
            }
            result[file.path] = FileCalls(module: file.module, calls: file.facts.calls.map { call in
                ResolvedCall(
                    call: call, typeName: instantiatedType(call),
                    location: SourceLocation(file: file.path, line: call.line, column: call.column),
                    module: moduleNames[file.module] ?? file.module)
            })
        }
        return result
    }

    /// `XComponent`, `Feature.XComponent`, `XComponent.init` → `XComponent`; `.init` → the context type;
    /// `super.init` / `self.init` → nil.
    static func instantiatedType(_ call: CallFact) -> String? {
        var callee = call.callee
        if callee == ".init" || callee == "init" {
            return call.contextType.map(NeedleTypeText.nominalName)
        }
        if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
        let first = callee.split(separator: ".").first.map(String.init) ?? callee
        if ["super", "self", "Self"].contains(first) { return nil }
        let name = NeedleTypeText.lastComponent(callee)
        guard let initial = name.first, initial.isUppercase else { return nil }
        return name
    }

    /// The static type of a builder's `dependency:` argument: `self`, a local, parameter or property of the
    /// enclosing type, or a direct instantiation `X(…)`.
    private func staticType(of argument: String, in call: CallFact, from viewpoint: TypeIndex.Viewpoint) -> String? {
        let enclosing = call.enclosingType.map(NeedleTypeText.lastComponent)
        if argument == "self" { return enclosing }
        if let paren = argument.firstIndex(of: "("), argument.hasSuffix(")") {
            var callee = String(argument[..<paren])
            if callee.hasSuffix(".init") { callee.removeLast(".init".count) }
            let name = NeedleTypeText.lastComponent(callee)
            return name.first?.isUppercase == true ? name : nil
        }
        var name = argument
        if name.hasPrefix("self.") { name.removeFirst("self.".count) }
        guard !name.isEmpty, name.allSatisfy(\.isIdentifierCharacter), let enclosing else { return nil }
        // The enclosing type is the calling file's own: of several with its name, its module's.
        let scopes = TypeIndex.visible(types.declarations(named: enclosing), from: viewpoint) + types.extensions(of: enclosing)
        if !argument.hasPrefix("self.") {
            for function in scopes.flatMap(\.decl.functions) where function.name == call.enclosingMember {
                if let local = function.locals.last(where: { $0.name == name }), let type = local.effectiveType {
                    return NeedleTypeText.nominalName(type)
                }
                if let parameter = function.parameters.first(where: { $0.name == name }) {
                    return NeedleTypeText.nominalName(parameter.type)
                }
            }
        }
        if let property = scopes.flatMap(\.decl.properties).first(where: { $0.name == name }),
           let type = property.effectiveType {
            return NeedleTypeText.nominalName(type)
        }
        return nil
    }
}
