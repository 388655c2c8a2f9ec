import PackagePlugin

/// `swift package --allow-writing-to-package-directory archlint-write baseline` (or `lint --report-dir DIR`, …):
/// the commands that write reports or a baseline into the package.
@main struct ArchlintWritePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint").url, directory: context.package.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, arguments: arguments, mayWrite: true)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// In Xcode: the writing commands on an app project's folder; Xcode asks for the write permission.
extension ArchlintWritePlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint").url, directory: context.xcodeProject.directoryURL,
            workDirectory: context.pluginWorkDirectoryURL, arguments: arguments, mayWrite: true)
    }
}
#endif
