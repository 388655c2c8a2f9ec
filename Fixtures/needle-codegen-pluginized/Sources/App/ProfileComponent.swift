import NeedleFoundation

protocol ProfileDependency: Dependency {
    /// From the plugin extension of LoggedInComponent.
    var featureFlags: FeatureFlags { get }
}

final class ProfileComponent: Component<ProfileDependency> {}

protocol HistoryDependency: Dependency {
    var session: Session { get }
}

final class HistoryComponent: Component<HistoryDependency> {}
