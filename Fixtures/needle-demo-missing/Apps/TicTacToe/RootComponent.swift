import LoggedIn
import LoggedOut
import NeedleFoundation
import Streams

protocol RootDependency: Dependency {
    public var mutablePlayersStream: MutablePlayersStream { get }
}

/// Shows the logged-out screen until both players are named, then the logged-in one.
final class RootComponent: Component<RootDependency> {
    public var playersStream: PlayersStream {
        dependency.mutablePlayersStream
    }

    var loggedOutComponent: LoggedOutComponent {
        LoggedOutComponent(parent: self)
    }

    var loggedInComponent: LoggedInComponent {
        LoggedInComponent(parent: self)
    }
}
