import NeedleFoundation
import Platform
import Profile

public protocol SettingsDependency: Dependency {}

public final class SettingsComponent: Component<SettingsDependency> {
    public var currentSession: UserSession {
        shared { UserSession() }
    }

    public var profile: ProfileComponent {
        ProfileComponent(parent: self)
    }
}
