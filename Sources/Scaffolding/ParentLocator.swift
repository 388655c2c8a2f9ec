import Foundation
import ArchlintModel
import Graphs

/// Finds the parent component among the Needle scopes the analysis built, and the modules the new files go to.
struct ParentLocator {
    let scopes: NeedleScopes
    let workspace: WorkspaceModel

    /// The one declaration of `name`: a component found in several scopes at one place (a library that two
    /// apps link) is one parent; at two places it is ambiguous unless `app` chooses.
    func parent(named name: String, app: String?) throws(ScaffoldError) -> ComponentDecl {
        var candidates = scopes.scopes
        if let app {
            candidates = candidates.filter { $0.name == app }
            guard !candidates.isEmpty else {
                let names = scopes.scopes.compactMap(\.name).sorted()
                throw ScaffoldError(
                    names.isEmpty
                        ? "--app \(app): the workspace is one Needle scope (no app targets); leave out --app."
                        : "--app \(app) names no Needle scope. Scopes: \(names.joined(separator: ", ")).")
            }
        }
        var found: [SourceLocation: (ComponentDecl, [String])] = [:]
        for scope in candidates {
            for component in scope.components where component.name == name {
                found[component.location, default: (component, [])].1.append(scope.label)
            }
        }
        if found.count == 1, let only = found.values.first { return only.0 }
        if found.isEmpty {
            let known = Set(candidates.flatMap { $0.components.map(\.name) })
            var message = "No Needle component named '\(name)'"
            message += app.map { " in app \($0)." } ?? "."
            if let suggestion = Self.closest(to: name, among: known) {
                message += " Did you mean '\(suggestion)'?"
            } else if known.isEmpty {
                message += " The analysis found no Needle component (classes that subclass Component<…> or BootstrapComponent)."
            }
            throw ScaffoldError(message)
        }
        let places = found.values.sorted { $0.0.location < $1.0.location }.map { component, labels in
            "  \(component.location.file):\(component.location.line): \(labels.joined(separator: ", "))"
        }
        throw ScaffoldError(
            "'\(name)' is declared in several Needle scopes; choose one with --app:\n" + places.joined(separator: "\n"))
    }

    /// The module named by id (`Package/Target`) or name (`Target`); several with that name is an error.
    func module(named name: String, option: String) throws(ScaffoldError) -> Module {
        let sources = workspace.modules.filter { !$0.files.isEmpty }
        if let exact = sources.first(where: { $0.id == name }) { return exact }
        let byName = sources.filter { $0.name == name }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 {
            throw ScaffoldError(
                "\(option) \(name) names several modules; use its id: " + byName.map(\.id).sorted().joined(separator: ", ") + ".")
        }
        var message = "\(option) \(name) names no module with sources."
        if let suggestion = Self.closest(to: name, among: Set(sources.map(\.name))) {
            message += " Did you mean '\(suggestion)'?"
        }
        throw ScaffoldError(message)
    }

    /// The module that compiles a component's file (`ComponentDecl.module` is its name; the file's entries in
    /// the workspace carry the ids).
    func module(of component: ComponentDecl) throws(ScaffoldError) -> Module {
        let ids = Set(workspace.files.filter { $0.path == component.location.file }.map(\.module))
        let modules = workspace.modules.filter { ids.contains($0.id) }
        guard let module = modules.first(where: { $0.name == component.module }) ?? modules.first else {
            throw ScaffoldError("No module compiles \(component.location.file), the file of \(component.name).")
        }
        return module
    }

    /// Where a module's new files go: its source folder, else the folder all its files share, else `fallback`.
    static func sourceFolder(of module: Module, fallback: String) -> String {
        if let path = module.path, !path.isEmpty { return path }
        let folders = module.files.map { file -> [Substring] in Array(file.split(separator: "/").dropLast()) }
        guard var common = folders.first else { return fallback }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? fallback : common.joined(separator: "/")
    }

    /// Where the new feature's folder goes in the parent's module: beside the parent's own feature folder when the
    /// parent lives in one named after it below the module's folder (`Scenes/MainTabBar/MainTabBarBuilder.swift`
    /// → `Scenes/`, as RIBs apps lay out their features), else the module's folder.
    static func featuresFolder(parent: ComponentDecl, moduleFolder: String) -> String {
        let parentFolder = (parent.location.file as NSString).deletingLastPathComponent
        let feature = parent.name.hasSuffix("Component") ? String(parent.name.dropLast("Component".count)) : parent.name
        guard !feature.isEmpty, parentFolder != moduleFolder,
              moduleFolder.isEmpty || moduleFolder == "." || parentFolder.hasPrefix(moduleFolder + "/"),
              (parentFolder as NSString).lastPathComponent == feature
        else { return moduleFolder }
        return (parentFolder as NSString).deletingLastPathComponent
    }

    /// The closest name within an edit distance of a third of its length (at least 2).
    static func closest(to name: String, among names: Set<String>) -> String? {
        let limit = max(2, name.count / 3)
        let lowered = name.lowercased()
        let near: [(name: String, distance: Int)] = names.map { candidate in
            (candidate, editDistance(lowered, candidate.lowercased()))
        }.filter { $0.distance <= limit }
        return near.min { (lhs, rhs) -> Bool in
            lhs.distance != rhs.distance ? lhs.distance < rhs.distance : lhs.name < rhs.name
        }?.name
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
