import ArchlintModel

/// Why a file can't be generated, as diagnostics in `lint`'s shape: unprovided requirements are
/// `missing-dependency` errors at the requirement, like the rule reports them.
enum NeedleFindings {
    static let missingDependency = "missing-dependency"
    static let unresolvable = "needle-codegen"

    static func diagnostics(_ failure: NeedleProviders.Failure, node: NeedleNode) -> [Diagnostic] {
        switch failure {
        case .tooManyPaths(let component):
            return [Diagnostic(
                rule: unresolvable, severity: .error,
                message: "\(component) is reached on more than \(NeedleProviders.maximumPathsPerComponent) root paths; "
                    + "needle would write a provider for each. Break up the graph (fewer parents per component).",
                location: node.location)]
        case .unresolved(let requirements):
            var order: [String] = []
            var byKey: [String: [UnresolvedRequirement]] = [:]
            for requirement in requirements {
                let key = "\(requirement.property.name): \(requirement.property.type)"
                if byKey[key] == nil { order.append(key) }
                byKey[key, default: []].append(requirement)
            }
            return order.compactMap { key in
                guard let group = byKey[key], let first = group.first else { return nil }
                var message = "No ancestor provides `\(key)`, required by \(first.dependency), along "
                message += group.count == 1 ? first.pathString : "\(group.count) paths (\(first.pathString), …)"
                if let matches = first.possibleMatches {
                    message += "; \(matches.component) has \(matches.names.map { "`\($0)`" }.joined(separator: ", ")) of that type"
                }
                message += ". needle 0.25.1 reads a component's own properties only when they are public, and those of "
                    + "its extensions unless private; add one with this exact name and type to an ancestor on each path."
                return Diagnostic(
                    rule: missingDependency, severity: .error, message: message,
                    location: first.location ?? node.location,
                    related: [RelatedLocation(location: node.location, message: "\(first.component) is declared here")])
            }
        }
    }

    static func diagnostic(_ problem: NeedleGraphBuilder.Problem) -> Diagnostic {
        switch problem {
        case .missingDependencyProtocol(let component, let name, let location):
            return Diagnostic(
                rule: unresolvable, severity: .error,
                message: "\(component)'s Dependency protocol `\(name)` is declared nowhere in this app's sources; "
                    + "declare `protocol \(name): Dependency` in a file the app compiles.",
                location: location)
        case .missingNonCore(let component, let name, let location):
            return Diagnostic(
                rule: unresolvable, severity: .error,
                message: "\(component)'s non-core component `\(name)` is declared nowhere in this app's sources.",
                location: location)
        case .missingPluginExtension(let component, let name, let location):
            return Diagnostic(
                rule: unresolvable, severity: .error,
                message: "\(component)'s plugin extension protocol `\(name)` is declared nowhere in this app's sources.",
                location: location)
        }
    }
}
