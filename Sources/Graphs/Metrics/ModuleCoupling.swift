import ArchlintModel

/// Which module depends on which, as the metrics, `stable-dependencies` and `archlint affected` count it: the one
/// answer to "does A depend on B" for coupling.
///
/// - A module depends on another when it declares a dependency on it or imports it (either edge kind, under any
///   condition, `@testable` included); several edges between two modules count once.
/// - Only the codebase's own modules take part: edges to or from external modules (system frameworks, packages
///   from outside the tree) are left out, and so are edges from a module to itself.
public struct ModuleCoupling: Sendable {
    /// The codebase's own modules (every node that isn't external), by id.
    public let modules: [String: Module]
    /// Module id → the ids of the modules it depends on.
    public let dependencies: [String: Set<String>]
    /// Module id → the ids of the modules that depend on it, tests included.
    public let dependants: [String: Set<String>]

    public init(_ graph: ModuleGraph) {
        var modules: [String: Module] = [:]
        for node in graph.nodes where node.type != .external && modules[node.id] == nil {
            modules[node.id] = node
        }
        var dependencies: [String: Set<String>] = [:]
        var dependants: [String: Set<String>] = [:]
        for edge in graph.edges where edge.from != edge.to && modules[edge.from] != nil && modules[edge.to] != nil {
            dependencies[edge.from, default: []].insert(edge.to)
            dependants[edge.to, default: []].insert(edge.from)
        }
        self.modules = modules
        self.dependencies = dependencies
        self.dependants = dependants
    }

    /// Afferent coupling (Ca, fan-in): how many modules depend on this one. Test modules don't count: a module
    /// doesn't get harder to change because it is tested.
    public func fanIn(of id: String) -> Int {
        (dependants[id] ?? []).count { modules[$0].map { !$0.type.isTest } ?? false }
    }

    /// Efferent coupling (Ce, fan-out): how many of the codebase's modules this one depends on.
    public func fanOut(of id: String) -> Int { dependencies[id]?.count ?? 0 }

    /// Instability of a module, from its fan-in and fan-out.
    public func instability(of id: String) -> Instability {
        Instability(fanIn: fanIn(of: id), fanOut: fanOut(of: id))
    }

    /// `ids` and every module that depends on one of them, directly or transitively (tests included).
    public func dependantsClosure(of ids: some Sequence<String>) -> Set<String> {
        var reached = Set(ids)
        var pending = Array(reached)
        while let id = pending.popLast() {
            for dependant in dependants[id] ?? [] where reached.insert(dependant).inserted {
                pending.append(dependant)
            }
        }
        return reached
    }
}

/// Instability I = Ce / (Ca + Ce), kept as the fraction so comparisons are exact. A module with neither
/// dependants nor dependencies has instability 1: nothing depends on it, so nothing holds it back from changing
/// (an isolated concrete module then sits on the main sequence, not in the zone of pain).
public struct Instability: Sendable, Comparable {
    public var fanIn: Int
    public var fanOut: Int

    public init(fanIn: Int, fanOut: Int) {
        self.fanIn = fanIn
        self.fanOut = fanOut
    }

    public var value: Double {
        fanIn + fanOut == 0 ? 1 : Double(fanOut) / Double(fanIn + fanOut)
    }

    /// `2/3`, or `0/0`.
    public var fraction: String { "\(fanOut)/\(fanIn + fanOut)" }

    public static func < (lhs: Instability, rhs: Instability) -> Bool {
        // a/b < c/d ⇔ a·d < c·b for positive denominators; 0/0 counts as 1/1.
        let left = lhs.fanIn + lhs.fanOut == 0 ? (numerator: 1, denominator: 1) : (numerator: lhs.fanOut, denominator: lhs.fanIn + lhs.fanOut)
        let right = rhs.fanIn + rhs.fanOut == 0 ? (numerator: 1, denominator: 1) : (numerator: rhs.fanOut, denominator: rhs.fanIn + rhs.fanOut)
        return left.numerator * right.denominator < right.numerator * left.denominator
    }

    public static func == (lhs: Instability, rhs: Instability) -> Bool {
        !(lhs < rhs) && !(rhs < lhs)
    }
}
