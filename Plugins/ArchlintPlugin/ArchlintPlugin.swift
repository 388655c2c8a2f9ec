import PackagePlugin

/// `swift package archlint [lint|graph|rules] [options]`: read-only, no permission asked.
@main struct ArchlintPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ArchlintInvocation.run(
            tool: context.tool(named: "archlint"), package: context.package, arguments: arguments, mayWrite: false)
    }
}
