import NeedleFoundation

/// Read by a nonisolated component: `nonisolated` under either default isolation.
nonisolated protocol LoggedInDependency: Dependency {
    var session: Session { get }
}

protocol LoggedInPluginExtension: PluginExtension {
    var featureFlags: FeatureFlags { get }
}

nonisolated final class LoggedInComponent: PluginizedComponent<LoggedInDependency, LoggedInPluginExtension, LoggedInNonCoreComponent> {
    public var session: Session { dependency.session }
    var profileComponent: ProfileComponent { ProfileComponent(parent: self) }

    override func scopeWillDeinit() {}
}

nonisolated final class LoggedInNonCoreComponent: NonCoreComponent<EmptyDependency> {
    public var featureFlags: FeatureFlags { shared { FeatureFlags() } }

    override func scopeDidBecomeActive() {}
}
