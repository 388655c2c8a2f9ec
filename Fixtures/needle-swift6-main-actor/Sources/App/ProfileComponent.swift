import NeedleFoundation

/// One member on the main actor, one not.
protocol ProfileDependency: Dependency {
    @MainActor var theme: Theme { get }
    var session: Session { get }
}

nonisolated final class ProfileComponent: Component<ProfileDependency> {
    @MainActor var title: String { dependency.theme.accent + dependency.session.user }
}
