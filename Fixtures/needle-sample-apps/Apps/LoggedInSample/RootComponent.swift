import LoggedIn
import NeedleFoundation
import Streams

protocol RootDependency: Dependency {
    var mutablePlayersStream: MutablePlayersStream { get }
}

final class RootComponent: Component<RootDependency> {
    var playersStream: PlayersStream {
        dependency.mutablePlayersStream
    }

    var loggedInComponent: LoggedInComponent {
        LoggedInComponent(parent: self)
    }
}
