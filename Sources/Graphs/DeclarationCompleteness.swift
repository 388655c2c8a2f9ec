import ArchlintModel

/// The one answer to "are module X's declared dependencies completely read?", from what the readers say they
/// could not read (`ProjectTarget.unreadDependencies`, `ProjectFacts.unreadTargets`). Every rule whose answer rests on a target's declarations asks it
/// (`DeclarationReadsProvider`), and so do the Needle worlds (`NeedleScopes`).
///
/// Two questions, two answers:
/// - `isPartial`: the module's own dependency list is partly unread, so an edge missing from the graph may be
///   declared after all. The edges that were read are still facts.
/// - `linkersAreKnown`: every target that could link the module was read. A project whose list of targets is
///   partly unread may hold a target that links any of its own targets, so those modules' dependants are unknown.
public struct DeclarationCompleteness: Sendable, Hashable {
    /// Module id → where its dependency list could not be read (file, line, column, what).
    public let unreadDependencies: [String: [SourceLocation]]
    /// Modules of a project whose target list is partly unread.
    public let unknownLinkers: Set<String>
    /// Projects whose target list is partly unread (each unread construct is a `manifest-unresolved`), sorted.
    public let unreadProjects: [String]

    public init(_ workspace: WorkspaceModel) {
        let anythingUnread = workspace.projects.contains { !$0.unreadTargets.isEmpty || $0.targets.contains { !$0.unreadDependencies.isEmpty } }
        guard anythingUnread else {
            self = .complete
            return
        }
        let catalog = ModuleCatalog(workspace)
        var unread: [String: [SourceLocation]] = [:]
        var unknownLinkers: Set<String> = []
        for project in workspace.projects {
            for target in project.targets {
                guard let id = catalog.target(named: target.name, inProject: project.path) else { continue }
                if !target.unreadDependencies.isEmpty {
                    unread[id, default: []] += target.unreadDependencies.map {
                        SourceLocation(file: $0.file, line: $0.line, column: $0.column)
                    }
                }
                if !project.unreadTargets.isEmpty { unknownLinkers.insert(id) }
            }
        }
        unreadDependencies = unread.mapValues { Array(Set($0)).sorted() }
        self.unknownLinkers = unknownLinkers
        unreadProjects = workspace.projects.filter { !$0.unreadTargets.isEmpty }.map(\.path).sorted()
    }

    /// Nothing unread: every declaration is complete.
    public static let complete = DeclarationCompleteness(unreadDependencies: [:], unknownLinkers: [])

    private init(unreadDependencies: [String: [SourceLocation]], unknownLinkers: Set<String>) {
        self.unreadDependencies = unreadDependencies
        self.unknownLinkers = unknownLinkers
        unreadProjects = []
    }

    /// Nothing is unread.
    public var isComplete: Bool { unreadDependencies.isEmpty && unknownLinkers.isEmpty && unreadProjects.isEmpty }

    /// The module's declared dependencies are partly unread.
    public func isPartial(_ module: String) -> Bool {
        unreadDependencies[module] != nil
    }

    /// Every target that could link the module was read.
    public func linkersAreKnown(_ module: String) -> Bool {
        !unknownLinkers.contains(module)
    }

    /// The modules whose declared dependencies are partly unread, sorted.
    public var partialModules: [String] { unreadDependencies.keys.sorted() }

    /// Whether a finding that rests on these reads stands: every module it reads the declarations of is
    /// complete, and every module it reads the dependants of has known linkers.
    public func supports(_ reads: DeclarationReads) -> Bool {
        !reads.declarations.contains(where: isPartial) && reads.linkers.allSatisfy(linkersAreKnown)
    }
}

/// What one finding rests on beyond the facts themselves: the modules whose declared dependency lists it reads
/// (an absent edge counts only if the list is complete), and the modules whose dependants it reads.
public struct DeclarationReads: Sendable, Hashable {
    public var declarations: [String]
    public var linkers: [String]

    public init(declarations: [String] = [], linkers: [String] = []) {
        self.declarations = declarations
        self.linkers = linkers
    }

    /// A finding that rests on facts only.
    public static let none = DeclarationReads()
}
