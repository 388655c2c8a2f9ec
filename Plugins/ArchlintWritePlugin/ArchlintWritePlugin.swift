import PackagePlugin

/// `swift package --allow-writing-to-package-directory archlint-write baseline` (or `lint --report-dir DIR`, …):
/// the commands that write reports or a baseline into the package.
@main struct ArchlintWritePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint"), package: context.package, arguments: arguments, mayWrite: true)
    }
}
