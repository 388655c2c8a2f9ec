import NeedleFoundation

protocol ProfileDependency: Dependency {
    /// From LoggedInComponent's plugin extension.
    var featureFlags: FeatureFlags { get }
    var session: Session { get }
}

nonisolated final class ProfileComponent: Component<ProfileDependency> {}
