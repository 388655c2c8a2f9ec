import ArchlintModel
import Foundation

/// The graph JSON contracts of `archlint graph --format json` (field names are fixed; other tools parse them).
/// Optional fields are written as explicit `null`.
public enum GraphJSON {
    public static func modules(_ graph: ModuleGraph) -> String {
        encode(ModuleGraphDocument(graph))
    }

    public static func components(_ graph: ComponentGraph) -> String {
        encode(ComponentGraphDocument(graph))
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain value types with string keys cannot fail.
        let data = try! encoder.encode(value)
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

private struct LocationDocument: Encodable {
    var file: String
    var line: Int
    var column: Int

    init(_ location: SourceLocation) {
        file = location.file
        line = location.line
        column = location.column
    }
}

private struct ModuleGraphDocument: Encodable {
    struct Node: Encodable {
        var module: Module

        enum CodingKeys: String, CodingKey {
            case id, name, package, manifest, type, path, files, unresolved
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(module.id, forKey: .id)
            try container.encode(module.name, forKey: .name)
            try container.encode(module.package, forKey: .package)
            try container.encode(module.manifest, forKey: .manifest)
            try container.encode(module.type.rawValue, forKey: .type)
            try container.encode(module.path, forKey: .path)
            try container.encode(module.files.count, forKey: .files)
            if module.unresolved { try container.encode(true, forKey: .unresolved) }
        }
    }

    struct Edge: Encodable {
        var edge: ModuleEdge

        enum CodingKeys: String, CodingKey {
            case from, to, kind, condition, locations
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(edge.from, forKey: .from)
            try container.encode(edge.to, forKey: .to)
            try container.encode(edge.kind.rawValue, forKey: .kind)
            try container.encode(edge.condition, forKey: .condition)
            try container.encode(edge.locations.map(LocationDocument.init), forKey: .locations)
        }
    }

    var kind = "modules"
    var nodes: [Node]
    var edges: [Edge]

    init(_ graph: ModuleGraph) {
        nodes = graph.nodes.map(Node.init)
        edges = graph.edges.map(Edge.init)
    }
}

private struct ComponentGraphDocument: Encodable {
    struct Provided: Encodable {
        var name: String
        var type: String
    }

    struct Node: Encodable {
        var node: ComponentNode

        enum CodingKeys: String, CodingKey {
            case id, name, module, file, line, type, dependency, provides
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(node.id, forKey: .id)
            try container.encode(node.name, forKey: .name)
            try container.encode(node.module, forKey: .module)
            try container.encode(node.file, forKey: .file)
            try container.encode(node.line, forKey: .line)
            try container.encode(node.type.rawValue, forKey: .type)
            try container.encode(node.dependency, forKey: .dependency)
            try container.encode(node.provides.map { Provided(name: $0.name, type: $0.type) }, forKey: .provides)
        }
    }

    struct Edge: Encodable {
        var edge: ComponentEdge

        enum CodingKeys: String, CodingKey {
            case from, to, kind, file, line, condition
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(edge.from, forKey: .from)
            try container.encode(edge.to, forKey: .to)
            try container.encode(edge.kind, forKey: .kind)
            try container.encode(edge.file, forKey: .file)
            try container.encode(edge.line, forKey: .line)
            try container.encode(edge.condition, forKey: .condition)
        }
    }

    struct Resolution: Encodable {
        var resolution: DependencyResolution

        enum CodingKeys: String, CodingKey {
            case component, path, property, type, provider
        }

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(resolution.component, forKey: .component)
            try container.encode(resolution.path, forKey: .path)
            try container.encode(resolution.property, forKey: .property)
            try container.encode(resolution.type, forKey: .type)
            try container.encode(resolution.provider, forKey: .provider)
        }
    }

    var kind = "components"
    var nodes: [Node]
    var edges: [Edge]
    var resolutions: [Resolution]

    init(_ graph: ComponentGraph) {
        nodes = graph.nodes.map(Node.init)
        edges = graph.edges.map(Edge.init)
        resolutions = graph.resolutions.map(Resolution.init)
    }
}
