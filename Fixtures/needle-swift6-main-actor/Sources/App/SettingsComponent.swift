import NeedleFoundation

/// The whole protocol on the main actor.
@MainActor protocol SettingsDependency: Dependency {
    var theme: Theme { get }
}

nonisolated final class SettingsComponent: Component<SettingsDependency> {
    @MainActor var accent: String { dependency.theme.accent }
}
