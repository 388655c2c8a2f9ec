import PackagePlugin

/// `swift package archlint [lint|graph|rules] [options]`: read-only, no permission asked.
@main struct ArchlintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint").url, directory: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, arguments: arguments, mayWrite: false)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode, an app project (`.xcodeproj`) that adds the archlint package runs it from the project's context menu
/// (File ▸ Packages, or the project navigator's right-click menu: "archlint"), on the project's folder.
extension ArchlintPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint").url, directory: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, arguments: arguments, mayWrite: false)
    }
}
#endif
