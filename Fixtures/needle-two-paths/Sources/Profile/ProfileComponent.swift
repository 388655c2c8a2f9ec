import NeedleFoundation
import Platform

public protocol ProfileDependency: Dependency {
    var session: UserSession { get }
    var imageLoader: ImageLoader { get }
}

public final class ProfileComponent: Component<ProfileDependency> {}
