import LoggedIn
import NeedleFoundation
import Streams

protocol RootDependency: Dependency {
    public var mutablePlayersStream: MutablePlayersStream { get }
}

final class RootComponent: Component<RootDependency> {
    public var playersStream: PlayersStream {
        dependency.mutablePlayersStream
    }

    var loggedInComponent: LoggedInComponent {
        LoggedInComponent(parent: self)
    }
}
