import Core
import NeedleFoundation
import Profile

final class RootComponent: BootstrapComponent {
    public var session: Session {
        shared { Session(userID: "me") }
    }

    var profileComponent: ProfileComponent {
        ProfileComponent(parent: self)
    }

    public var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
