import Home
import NeedleFoundation
import Networking
import Session

final class RootComponent: BootstrapComponent {
    public var client: HTTPClient { HTTPClient() }
    var session: SessionComponent { SessionComponent(parent: self) }
    var home: HomeView { HomeView() }
}
