import Foundation
import ArchlintModel

/// The modules `archlint init` reasons about, by name (layers and features match names, not ids).
struct ModuleInventory {
    struct Folder {
        var name: String
        var folder: String
        var files: [String]
    }

    /// Module names to layer: every non-external module except tests, macros and plugins, sorted.
    var internalNames: [String] = []
    /// Module name → its category from its kind alone (executables and folders outside packages are app).
    var kindCategories: [String: (LayerCategory, String)] = [:]
    /// Every name in the graph (external and test modules too): what `layers:` globs may accidentally match.
    var allNames: Set<String> = []
    /// Dependencies between names (declared and import edges, any condition).
    var edges: [(from: String, to: String)] = []
    /// Unassigned folders to propose under `modules:`.
    var unassigned: [Folder] = []
    /// Unassigned folders not proposed: the root (a catch-all), a folder inside or around a project or package
    /// (its targets don't compile these files, so a glob would join them to a module that doesn't build them),
    /// or a folder named like a target.
    var strayFolders: [(folder: String, files: [String], reason: String)] = []
    /// Module name → its layer category as the classifier decides it (features and interfaces), with why; wins
    /// over the name's convention.
    var modelCategories: [String: (LayerCategory, String)] = [:]
    /// Modules named like an interface (`*Interface`) that are no feature's interface: placed by their
    /// dependencies, not by name.
    var unnamed: Set<String> = []
    /// Internal modules whose names can't be written as a glob (they contain * ? { } characters).
    var unlayerable: [String] = []

    private static let unlayeredTypes: Set<ModuleType> = [.external, .test, .unitTest, .uiTest, .macro, .plugin]
    /// Tooling modules left out (Tuist manifests and helpers), by name.
    var toolingNames: [String] = []

    /// Modules whose every file is tooling (`isToolingFile`: Tuist's manifests, helpers and plugins) are not
    /// app code: they are neither layered nor proposed under `modules:`.
    init(workspace: WorkspaceModel, moduleGraph: ModuleGraph, isToolingFile: (String) -> Bool = { _ in false }) {
        var byID: [String: Module] = [:]
        for module in moduleGraph.nodes + workspace.modules where byID[module.id] == nil { byID[module.id] = module }
        var names: Set<String> = []
        var tooling: Set<String> = []
        var unassignedCandidates: [Folder] = []
        for module in byID.values {
            if module.project == nil, module.manifest == nil, !module.files.isEmpty, module.files.allSatisfy(isToolingFile) {
                tooling.insert(module.id)
                continue
            }
            allNames.insert(module.name)
            guard !Self.unlayeredTypes.contains(module.type) else { continue }
            if module.name.contains(where: { "*?{}".contains($0) }) {
                unlayerable.append(module.name)
                continue
            }
            names.insert(module.name)
            switch module.type {
            case .executable: kindCategories[module.name] = (.app, "an executable target")
            case .app, .appClip, .watchApp: kindCategories[module.name] = (.app, "an app target")
            case .appExtension: kindCategories[module.name] = (.app, "an app extension target")
            case .tool: kindCategories[module.name] = (.app, "a command-line tool target")
            case .unassigned, .config: kindCategories[module.name] = (.app, "sources outside any package, like an app's main target")
            default: break
            }
            if module.type == .unassigned, let folder = Self.folder(of: module) {
                unassignedCandidates.append(Folder(name: module.name, folder: folder, files: module.files))
            }
        }
        internalNames = names.sorted()
        toolingNames = tooling.compactMap { byID[$0]?.name }.sorted()
        unlayerable.sort()
        let targetNames = Set(byID.values.filter { $0.type != .unassigned && $0.type != .external }.map(\.name))
        let buildFiles = workspace.projects.map(\.path)
        let buildFolders = Set(buildFiles.map { path -> String in
            // `App.xcodeproj` and `Project.swift` describe the folder they sit in.
            guard let slash = path.lastIndex(of: "/") else { return "." }
            return String(path[..<slash])
        })
        // Folders whose files import a test framework (fastlane's SnapshotHelper.swift, which UI tests compile).
        let testCode = Set(moduleGraph.edges.compactMap { edge -> String? in
            guard edge.kind == .import, let module = byID[edge.from], module.type == .unassigned,
                  let imported = byID[edge.to], imported.type == .external, ["XCTest", "Testing"].contains(imported.name)
            else { return nil }
            return module.name
        })
        for candidate in unassignedCandidates.sorted(by: { $0.folder < $1.folder }) {
            let folder = candidate.folder
            let reason: String?
            if folder == "." || folder.isEmpty {
                reason = "a glob over the whole repository would catch every file no target compiles"
            } else if let project = buildFolders.sorted().first(where: { $0 == "." ? false : $0 == folder || $0.hasPrefix(folder + "/") || folder.hasPrefix($0 + "/") }) {
                reason = "it overlaps the project or package in \(project)/, whose targets don't compile them (stray, generated or excluded files)"
            } else if folder.split(separator: "/").contains(where: { $0.hasSuffix("Tests") }) || testCode.contains(candidate.name) {
                reason = "they are tests no target compiles; mapped to a module, they would count as production code"
            } else if targetNames.contains(candidate.name) {
                reason = "a target is already named \(candidate.name)"
            } else {
                reason = nil
            }
            if let reason {
                strayFolders.append((folder, candidate.files, reason))
                internalNames.removeAll { $0 == candidate.name }
                kindCategories[candidate.name] = nil
            } else {
                unassigned.append(candidate)
            }
        }
        edges = moduleGraph.edges.compactMap { edge in
            guard !tooling.contains(edge.from), !tooling.contains(edge.to), let from = byID[edge.from]?.name, let to = byID[edge.to]?.name else { return nil }
            return (from, to)
        }
    }

    /// Features and interfaces take the layer the classifier gives them, whatever their names say.
    mutating func classify(with classifier: ArchitectureClassifier, moduleGraph: ModuleGraph) {
        let layered = Set(internalNames)
        for module in moduleGraph.nodes where layered.contains(module.name) && modelCategories[module.name] == nil {
            switch classifier.kind(of: module) {
            case .feature: modelCategories[module.name] = (.feature, classifier.classification(of: module).reason)
            case .interface where classifier.classification(of: module).interfaceOf != nil:
                modelCategories[module.name] = (.interface, classifier.classification(of: module).reason)
            case .interface, .core:
                // `AuthDomainInterface` is no feature's interface: it sits with its implementation's layer.
                if LayerCategory.byName(module.name)?.category == .interface { unnamed.insert(module.name) }
            default: break
            }
        }
    }

    /// The folder holding an unassigned module's files: its `path`, else the common top-level folder.
    private static func folder(of module: Module) -> String? {
        if let path = module.path, !path.isEmpty { return path }
        let tops = Set(module.files.compactMap { file in file.split(separator: "/").first.map(String.init) })
        guard tops.count == 1, let top = tops.first, module.files.allSatisfy({ $0.contains("/") }) else { return nil }
        return top
    }

}
