import Core
import NeedleFoundation

public protocol ProfileDependency: Dependency {
    var session: Session { get }
}

/// The signed-in user's profile.
public final class ProfileComponent: Component<ProfileDependency> {
    public var avatarCache: AvatarCache {
        shared { AvatarCache() }
    }

    // The user's id, for child scopes.
    public var userID: String {
        dependency.session.userID
    }

    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
