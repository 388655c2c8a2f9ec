import ArchlintModel
import Foundation
import Graphs
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import SystemSupport

/// `archlint new component`: from the analysis of a root to the files to write and the parent's patch.
public enum Scaffolder {
    /// Everything that would be written, checked (names, parent, modules, existing files, the parent's edit,
    /// every new file parses) before anything is.
    public static func plan(
        _ request: ScaffoldRequest, root: String, workspace: WorkspaceModel, moduleGraph: ModuleGraph
    ) throws(ScaffoldError) -> ScaffoldPlan {
        try validate(request)
        let fileGuard = FileGuard(root: root, allowsOutside: request.allowsOutsideRoot)
        CrashContext.setPhase("templates")
        let templates = try ScaffoldTemplates.load(root: root, fileGuard: fileGuard)
        let scopes = NeedleScopes(workspace, moduleGraph: moduleGraph)
        let locator = ParentLocator(scopes: scopes, workspace: workspace)
        let parent = try locator.parent(named: request.parent, app: request.app)
        let parentModule = try locator.module(of: parent)
        let module = try request.module.map { name throws(ScaffoldError) in try locator.module(named: name, option: "--module") }
            ?? parentModule
        let interface = try request.interfaceModule.map { name throws(ScaffoldError) in
            try locator.module(named: name, option: "--interface")
        }
        let existingComponent = scopes.scopes.lazy.compactMap({ $0.analysis.componentsByName[request.componentName] }).first
        if let existing = existingComponent, !request.force {
            throw ScaffoldError(
                "A component named \(request.componentName) already exists at \(existing.location.file):\(existing.location.line). "
                    + "Choose another NAME, or pass --force to regenerate its files.")
        }

        let parentFolder = (parent.location.file as NSString).deletingLastPathComponent
        let folder = join(
            module.id == parentModule.id
                ? ParentLocator.featuresFolder(parent: parent, moduleFolder: ParentLocator.sourceFolder(of: module, fallback: parentFolder))
                : ParentLocator.sourceFolder(of: module, fallback: parentFolder),
            request.name)
        let interfaceFolder = interface.map { join(ParentLocator.sourceFolder(of: $0, fallback: parentFolder), request.name) }
        let crossModule = module.id != parentModule.id
        let access = crossModule ? "public " : ""
        let interfaceName = interface.map { importName(of: $0) }
        let mainActorTarget = module.swiftSettings?.isDefaultMainActor == true
        let context: [String: Any] = [
            "name": request.name,
            "component": request.componentName,
            "dependency": request.dependencyName,
            "parent": parent.name,
            "property": request.factoryProperty,
            "module": importName(of: module),
            "interfaceModule": interfaceName ?? "",
            "access": access,
            // A component in a target that defaults to MainActor must stay nonisolated (needle-isolation).
            "isolation": mainActorTarget ? "nonisolated " : "",
            "isolationNote": mainActorTarget
                ? "\n/// `nonisolated`: its target defaults to MainActor, and Component's initializers are nonisolated." : "",
            // The Buildable protocol is public in an interface module, else as visible as the builder.
            "interfaceAccess": interface == nil ? access : "public ",
        ]
        let featureImports: (String) -> [String: Any] = { framework in
            context.merging(["imports": ([framework] + (interfaceName.map { [$0] } ?? [])).sorted()]) { $1 }
        }

        var outputs: [(path: String, template: String, context: [String: Any])] = [
            (join(folder, request.componentName + ".swift"), "component", context),
        ]
        switch request.flavor {
        case .plain:
            break
        case .ribs:
            outputs += [
                (join(interfaceFolder ?? folder, request.name + "Buildable.swift"), "ribs-buildable", context),
                (join(folder, request.name + "Builder.swift"), "ribs-builder", featureImports("RIBs")),
                (join(folder, request.name + "Interactor.swift"), "ribs-interactor", featureImports("RIBs")),
                (join(folder, request.name + "Router.swift"), "ribs-router", featureImports("RIBs")),
                (join(folder, request.name + "ViewController.swift"), "ribs-view-controller", context),
            ]
        case .swiftui:
            outputs += [
                (join(interfaceFolder ?? folder, request.name + "Buildable.swift"), "swiftui-buildable", context),
                (join(folder, request.name + "Builder.swift"), "swiftui-builder", featureImports("SwiftUI")),
                (join(folder, request.name + "View.swift"), "swiftui-view", context),
            ]
        }

        var files: [ScaffoldPlan.NewFile] = []
        var existing: [String] = []
        for output in outputs {
            let contents = try templates.render(output.template, output.context)
            try requireParses(contents, path: output.path, template: output.template, templates: templates)
            let absolute = URL(fileURLWithPath: root).appendingPathComponent(output.path).path
            // A feature folder that is a symlink out of the repository: refused before anything is written.
            if case .failure(let failure) = fileGuard.resolve(absolute) {
                throw ScaffoldError("\(output.path) \(failure.reason.dropFirst(3)).")
            }
            let exists = FileManager.default.fileExists(atPath: absolute)
            if exists { existing.append(output.path) }
            files.append(.init(path: output.path, contents: contents, replaces: exists))
        }
        if !existing.isEmpty && !request.force {
            throw ScaffoldError(
                "Already exists: " + existing.joined(separator: ", ") + ". Choose another NAME, or pass --force to replace "
                    + (existing.count == 1 ? "it." : "them."))
        }

        let transaction = FileTransaction(fileGuard)
        let patch = try parentPatch(
            request, parent: parent, root: root, templates: templates, context: context,
            importModule: crossModule ? importName(of: module) : nil, transaction: transaction)
        var notes: [String] = []
        let declared = Set(moduleGraph.edges.filter { $0.kind == .declared }.map { "\($0.from)→\($0.to)" })
        if crossModule && !declared.contains("\(parentModule.id)→\(module.id)") {
            notes.append("\(parentModule.name) now imports \(module.name): declare that dependency in its manifest or project.")
        }
        if let interface, interface.id != module.id, !declared.contains("\(module.id)→\(interface.id)") {
            notes.append("\(module.name) imports \(interface.name): declare that dependency in its manifest or project.")
        }
        for target in Set([module] + (interface.map { [$0] } ?? [])).sorted(by: { $0.id < $1.id }) {
            guard let project = target.project else { continue }
            notes.append(
                "\(target.name) is a target of \(project): add the new files to it, unless it compiles their folder "
                    + "(an Xcode 16 synchronized folder, an XcodeGen or Tuist glob: regenerate the project).")
        }
        return ScaffoldPlan(root: root, files: files, parentPatch: patch, notes: notes, transaction: transaction)
    }

    /// The checks that need no analysis (the command runs them before analysing).
    public static func validate(_ request: ScaffoldRequest) throws(ScaffoldError) {
        if let problem = SwiftIdentifier.problem(with: request.name) {
            throw ScaffoldError("NAME: \(problem). NAME is a type name such as Settings or UserProfile.")
        }
        if request.interfaceModule != nil && request.flavor == .plain {
            throw ScaffoldError("--interface holds the Buildable protocol, which only --ribs and --swiftui make; add one of them.")
        }
    }

    private static func parentPatch(
        _ request: ScaffoldRequest, parent: ComponentDecl, root: String, templates: ScaffoldTemplates,
        context: [String: Any], importModule: String?, transaction: FileTransaction
    ) throws(ScaffoldError) -> ScaffoldPlan.ParentPatch {
        // Locked from this read to the rename of the patched file: concurrent runs patch it one after another,
        // each from the other's result.
        let path = URL(fileURLWithPath: root).appendingPathComponent(parent.location.file).path
        let data: [UInt8]
        do {
            data = try transaction.edit(path, limit: maximumParentBytes)
        } catch {
            throw ScaffoldError(error.isOutsideRoot
                ? "\(parent.location.file) \(error.reason.dropFirst(3))."
                : "\(parent.location.file) can't be read: \(error.reason).")
        }
        guard let source = String(bytes: data, encoding: .utf8) else {
            throw ScaffoldError("\(parent.location.file) can't be read as UTF-8 text.")
        }
        let factory = try templates.render("parent-factory", context).trimmingCharacters(in: .whitespacesAndNewlines)
        let conformance = request.flavor == .ribs
            ? try templates.render("parent-conformance", context).trimmingCharacters(in: .whitespacesAndNewlines) : nil
        let patched = try ParentPatcher(source: source, parent: parent.name, line: parent.location.line).patched(with: .init(
            factory: factory, factoryProperty: request.factoryProperty, conformance: conformance, importModule: importModule,
            keepsExistingFactory: request.force))
        try requireParses(patched, path: parent.location.file, template: "parent-factory", templates: templates)
        return .init(path: parent.location.file, original: data, patched: patched)
    }

    /// The largest parent file `new component` edits.
    static let maximumParentBytes = 16 << 20

    /// A template (a team's, most likely) that renders broken Swift is refused before anything is written.
    static func requireParses(_ source: String, path: String, template: String, templates: ScaffoldTemplates) throws(ScaffoldError) {
        let tree = Parser.parse(source: source)
        let diagnostics = ParseDiagnosticsGenerator.diagnostics(for: tree)
        guard let first = diagnostics.first else { return }
        let location = first.location(converter: SourceLocationConverter(fileName: path, tree: tree))
        let origin = templates.overridden.contains(template)
            ? "\(ScaffoldTemplates.overrideFolder)/\(template).stencil" : "the built-in template '\(template)'"
        throw ScaffoldError(
            "\(path):\(location.line):\(location.column): error: the generated code doesn't parse: \(first.message). "
                + "Fix \(origin).")
    }

    /// How Swift code imports a module: its name as a C99 identifier (`My-Feature` → `My_Feature`).
    static func importName(of module: Module) -> String {
        String(module.name.unicodeScalars.map { $0.properties.isXIDContinue ? Character($0) : "_" })
    }

    static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty || folder == "." ? name : folder + "/" + name
    }
}
