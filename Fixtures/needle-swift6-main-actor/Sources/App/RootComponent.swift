import NeedleFoundation

nonisolated final class RootComponent: BootstrapComponent {
    @MainActor public var theme: Theme { Theme() }
    public var session: Session { shared { Session() } }
    var profileComponent: ProfileComponent { ProfileComponent(parent: self) }
    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
