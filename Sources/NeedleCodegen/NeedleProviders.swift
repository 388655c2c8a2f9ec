import ArchlintModel
import Crypto

/// Where a pluginized provider finds a property that no component on the path declares.
enum AuxiliarySource: Hashable, Sendable {
    case pluginExtension, nonCoreComponent
}

/// A requirement resolved to the component that provides it.
struct ProcessedProperty: Hashable, Sendable {
    var property: NeedleProperty
    var sourceComponent: String
    var auxiliaryType: AuxiliarySource?
    var auxiliaryName: String?
}

/// One root → component path with its resolutions (needle's `ProcessedDependencyProvider`).
struct ProcessedProvider: Sendable {
    var path: [String]
    var dependency: NeedleDependency
    /// Ancestor name → how many levels up it is.
    var levelMap: [String: Int]
    var properties: [ProcessedProperty]

    var pathString: String { "^->" + path.joined(separator: "->") }
}

/// A requirement that no ancestor provides along one path.
struct UnresolvedRequirement: Sendable {
    var property: NeedleProperty
    var location: SourceLocation?
    var dependency: String
    var component: String
    var pathString: String
    /// Properties of the same type on the path: (component, names).
    var possibleMatches: (component: String, names: [String])?
}

/// One piece of the generated file: a provider class, a factory function or an extension, with its
/// registration line.
struct SerializedProvider: Sendable {
    var content: String
    var registration: String
    var maxLevel: Int?
    var factoryName: String?
}

/// needle's provider computation: every root → component path, each requirement looked up from the nearest
/// ancestor outwards (never in the component itself), then grouped by resolution so paths that resolve alike
/// share one provider class.
struct NeedleProviders {
    let model: NeedleGraphModel
    /// Bounds the number of root → component paths of one component (needle has none; a diamond-heavy graph
    /// could make millions).
    static let maximumPathsPerComponent = 100_000

    private struct Auxiliary {
        var sourceName: String
        var properties: [NeedleProperty]
    }

    private let nonCoreNames: Set<String>
    private let nonCoreMap: [String: Auxiliary]
    private let pluginExtensionMap: [String: Auxiliary]
    private let auxiliaryParentDependency: [String: String]

    init(model: NeedleGraphModel) {
        self.model = model
        var nonCoreMap: [String: Auxiliary] = [:]
        var pluginExtensionMap: [String: Auxiliary] = [:]
        var parentDependency: [String: String] = [:]
        for pluginized in model.pluginized {
            let core = model.nodes[pluginized.node]
            let nonCore = model.nodes[pluginized.nonCore]
            nonCoreMap[core.name] = Auxiliary(sourceName: nonCore.name, properties: nonCore.properties)
            parentDependency[nonCore.name] = nonCore.dependency.name
            pluginExtensionMap[core.name] = Auxiliary(
                sourceName: pluginized.pluginExtensionName, properties: pluginized.pluginExtensionProperties)
            parentDependency[pluginized.pluginExtensionName] = core.dependency.name
        }
        nonCoreNames = Set(model.pluginized.map { model.nodes[$0.nonCore].name })
        self.nonCoreMap = nonCoreMap
        self.pluginExtensionMap = pluginExtensionMap
        auxiliaryParentDependency = parentDependency
    }

    enum Failure: Error {
        case unresolved([UnresolvedRequirement])
        case tooManyPaths(component: String)
    }

    /// The processed providers of one component, or what is missing.
    func processed(_ index: Int) -> Result<[ProcessedProvider], Failure> {
        let node = model.nodes[index]
        if node.parents.isEmpty && !node.isRoot { return .success([]) }
        guard let paths = ancestorPaths(index) else { return .failure(.tooManyPaths(component: node.name)) }
        var result: [ProcessedProvider] = []
        var unresolved: [UnresolvedRequirement] = []
        for path in paths where !path.isEmpty && model.nodes[path[0]].isRoot {
            let names = path.map { model.nodes[$0].name }
            let (provider, missing) = process(path: path, names: names, dependency: node.dependency)
            if let provider { result.append(provider) }
            unresolved += missing
        }
        return unresolved.isEmpty ? .success(result) : .failure(.unresolved(unresolved))
    }

    /// Every path from a component without parents down to `index`, parents in link order. A path that would
    /// visit a component twice (a cycle, which needle rejects) is dropped.
    private func ancestorPaths(_ index: Int) -> [[Int]]? {
        var result: [[Int]] = []
        func walk(_ node: Int, suffix: [Int]) -> Bool {
            let parents = model.nodes[node].parents
            if parents.isEmpty {
                result.append([node] + suffix)
                return result.count <= Self.maximumPathsPerComponent
            }
            for parent in parents where !suffix.contains(parent) && parent != node {
                if !walk(parent, suffix: [node] + suffix) { return false }
            }
            return true
        }
        return walk(index, suffix: []) ? result : nil
    }

    /// The provider of one path, or the requirements nothing on it provides.
    private func process(path: [Int], names: [String], dependency: NeedleDependency) -> (ProcessedProvider?, [UnresolvedRequirement]) {
        let auxiliaryMap: [String: Auxiliary]
        let auxiliaryType: AuxiliarySource
        if names.contains(where: nonCoreNames.contains) {
            auxiliaryMap = nonCoreMap
            auxiliaryType = .nonCoreComponent
        } else {
            auxiliaryMap = pluginExtensionMap
            auxiliaryType = .pluginExtension
        }
        var levelMap: [String: Int] = [:]
        var properties: [ProcessedProperty] = []
        var missing: [UnresolvedRequirement] = []
        let searchPath = path.reversed().dropFirst().map { model.nodes[$0] }
        let pathString = "^->" + names.joined(separator: "->")
        for (offset, property) in dependency.properties.enumerated() {
            var found: ProcessedProperty?
            var level = 1
            for component in searchPath {
                if component.properties.contains(property) {
                    levelMap[component.name] = level
                    found = ProcessedProperty(property: property, sourceComponent: component.name)
                    break
                } else if let auxiliary = auxiliaryMap[component.name] {
                    let isAtCurrentScope = auxiliaryParentDependency[auxiliary.sourceName] == dependency.name
                    if !isAtCurrentScope && auxiliary.properties.contains(property) {
                        levelMap[component.name] = level
                        found = ProcessedProperty(
                            property: property, sourceComponent: component.name, auxiliaryType: auxiliaryType,
                            auxiliaryName: auxiliary.sourceName)
                        break
                    }
                }
                level += 1
            }
            if let found {
                properties.append(found)
            } else {
                missing.append(UnresolvedRequirement(
                    property: property, location: offset < dependency.locations.count ? dependency.locations[offset] : nil,
                    dependency: dependency.name, component: names.last ?? "", pathString: pathString,
                    possibleMatches: possibleMatches(for: property, in: searchPath, auxiliaryMap: auxiliaryMap)))
            }
        }
        guard missing.isEmpty else { return (nil, missing) }
        return (ProcessedProvider(path: names, dependency: dependency, levelMap: levelMap, properties: properties), [])
    }

    private func possibleMatches(
        for property: NeedleProperty, in searchPath: [NeedleNode], auxiliaryMap: [String: Auxiliary]
    ) -> (component: String, names: [String])? {
        for component in searchPath {
            let names = component.properties.filter { $0.type == property.type }.map(\.name)
            if !names.isEmpty { return (component.name, names) }
            if let auxiliary = auxiliaryMap[component.name] {
                let names = auxiliary.properties.filter { $0.type == property.type }.map(\.name)
                if !names.isEmpty { return (auxiliary.sourceName, names) }
            }
        }
        return nil
    }
}
