import Foundation
import ArchlintModel
import Manifests
import Graphs
import Rules

/// A one-package workspace built by hand (no scanning), so module rules can be tested on exact graphs.
struct MiniWorkspace {
    static let manifestPath = "Package.swift"
    var manifest = ManifestFacts(path: MiniWorkspace.manifestPath, packageName: "App")
    var modules: [Module] = []
    var files: [ScannedFile] = []
    private var nextLine = 10

    /// Declares a target; each dependency gets its own manifest line (`line`, column 13) in declaration order.
    @discardableResult
    mutating func target(_ name: String, _ kind: TargetKind = .regular, dependencies: [String] = [], products: [(name: String, package: String)] = []) -> Int {
        let line = nextLine
        var declarations: [TargetDependencyDecl] = []
        for dependency in dependencies {
            nextLine += 1
            declarations.append(TargetDependencyDecl(kind: .byName, name: dependency, line: nextLine, column: 13))
        }
        for product in products {
            nextLine += 1
            declarations.append(TargetDependencyDecl(kind: .product, name: product.name, package: product.package, line: nextLine, column: 13))
        }
        nextLine += 2
        manifest.targets.append(TargetDecl(name: name, kind: kind, dependencies: declarations, line: line, column: 9))
        modules.append(Module(id: "App/\(name)", name: name, package: "App", manifest: Self.manifestPath, type: ModuleType(kind)))
        return line
    }

    /// The manifest line of `target`'s `index`th dependency.
    func dependencyLine(_ target: String, _ index: Int) -> Int {
        manifest.targets.first { $0.name == target }!.dependencies[index].line
    }

    /// A config-mapped module (outside the package).
    mutating func configModule(_ name: String) {
        modules.append(Module(id: name, name: name, type: .config, path: name))
    }

    /// A file in `module` (an id: `App/X` for targets, the bare name for config modules); imports are
    /// `"X"`, `"@testable X"`, `"@_exported X"`, optionally followed by ` #if COND`; one per line from line 1.
    mutating func file(_ path: String, in module: String, imports: [String]) {
        let declarations = imports.enumerated().map { offset, text in
            var text = Substring(text)
            var condition: String?
            if let range = text.range(of: " #if ") {
                condition = String(text[range.upperBound...])
                text = text[..<range.lowerBound]
            }
            let words = text.split(separator: " ")
            return ImportDecl(
                module: String(words.last!), attributes: words.dropLast().map { String($0.dropFirst()) },
                condition: condition, line: offset + 1, column: 1)
        }
        files.append(ScannedFile(facts: FileFacts(path: path, imports: declarations), module: module))
        if let index = modules.firstIndex(where: { $0.id == module }) {
            modules[index].files.append(path)
        }
    }

    func run(_ rule: some Rule, configuration: ArchlintConfiguration = ArchlintConfiguration()) -> [Diagnostic] {
        let workspace = WorkspaceModel(root: "/repo", projects: [ProjectFacts(package: manifest, rootName: "repo")], modules: modules, files: files)
        let context = LintContext(
            workspace: workspace, moduleGraph: ModuleGraphBuilder.build(workspace), componentGraph: ComponentGraph(),
            configuration: configuration)
        return RuleEngine.run(context, rules: [type(of: rule)]).diagnostics
    }
}

extension Diagnostic {
    /// `file:line:col: message` for compact assertions.
    var line: String { "\(location.file):\(location.line):\(location.column): \(message)" }
}
