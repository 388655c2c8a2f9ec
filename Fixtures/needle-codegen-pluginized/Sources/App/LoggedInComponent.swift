import NeedleFoundation

protocol LoggedInDependency: Dependency {
    var session: Session { get }
}

protocol LoggedInPluginExtension: PluginExtension {
    var featureFlags: FeatureFlags { get }
}

final class LoggedInComponent: PluginizedComponent<LoggedInDependency, LoggedInPluginExtension, LoggedInNonCoreComponent> {
    public var session: Session { dependency.session }
    var profileComponent: ProfileComponent { ProfileComponent(parent: self) }
}

final class LoggedInNonCoreComponent: NonCoreComponent<EmptyDependency> {
    public var featureFlags: FeatureFlags { shared { FeatureFlags() } }
    var historyComponent: HistoryComponent { HistoryComponent(parent: self) }
}
