import NeedleFoundation
import Platform
import Profile

public protocol HomeDependency: Dependency {}

public final class HomeComponent: Component<HomeDependency> {
    public var session: UserSession {
        shared { UserSession() }
    }

    public var profile: ProfileComponent {
        ProfileComponent(parent: self)
    }
}
