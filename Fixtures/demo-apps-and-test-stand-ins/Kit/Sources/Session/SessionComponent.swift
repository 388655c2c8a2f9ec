import NeedleFoundation
import Networking

public protocol SessionDependency: Dependency {
    var client: HTTPClient { get }
}

public final class SessionComponent: Component<SessionDependency> {}
