import ArchlintModel
import Graphs

/// The apps needle's generator runs for: each application module with the modules it links (the Needle scopes
/// of `NeedleScopes`), or the whole workspace when no module is an application.
public struct NeedleApp: Sendable {
    /// The app's module id; nil for the whole workspace.
    public var name: String?
    /// The app's files, needle's generated ones included.
    public var files: [ScannedFile]

    public var label: String { name.map { "app \($0)" } ?? "the workspace" }
}

public enum NeedleApps {
    public static func all(_ workspace: WorkspaceModel, moduleGraph: ModuleGraph) -> [NeedleApp] {
        let worlds = NeedleScopes.worlds(workspace, moduleGraph: moduleGraph)
        guard !worlds.isEmpty else { return [NeedleApp(name: nil, files: workspace.files)] }
        return worlds.map { world in
            NeedleApp(name: world.app, files: workspace.files.filter { world.modules.contains($0.module) })
        }
    }

    /// The apps that compile the file at this path; for a file that doesn't exist yet, the apps whose own
    /// module has sources in its folder.
    public static func containing(_ path: String, in apps: [NeedleApp], workspace: WorkspaceModel) -> [NeedleApp] {
        let compiling = apps.filter { app in app.files.contains { $0.path == path } }
        if !compiling.isEmpty { return compiling }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        return apps.filter { app in
            guard let name = app.name else { return true }
            return app.files.contains { file in
                file.module == name && file.path.split(separator: "/").dropLast().joined(separator: "/") == folder
            }
        }
    }

    /// Which properties provide for the needle the app builds with (`NeedleScopes.needleVersions`); for the
    /// whole workspace, every version it declares.
    public static func providerRule(of app: NeedleApp, in workspace: WorkspaceModel, moduleGraph: ModuleGraph) -> NeedleProviderRule {
        guard let name = app.name,
              let world = NeedleScopes.worlds(workspace, moduleGraph: moduleGraph).first(where: { $0.app == name })
        else { return NeedleProviderRule(readings: NeedleScopes.needleVersions(of: workspace)) }
        return NeedleProviderRule(readings: NeedleScopes.needleVersions(of: world, in: workspace))
    }

    /// The Swift settings of the app's own module; nil for the whole workspace or when none were read.
    public static func swiftSettings(of app: NeedleApp, in workspace: WorkspaceModel) -> SwiftLanguageSettings? {
        guard let name = app.name else { return nil }
        return workspace.modules.first { $0.id == name }?.swiftSettings
    }

    /// The app's workspace: the same model with only the app's files.
    public static func workspace(of app: NeedleApp, in workspace: WorkspaceModel) -> WorkspaceModel {
        var copy = workspace
        copy.files = app.files
        return copy
    }
}
