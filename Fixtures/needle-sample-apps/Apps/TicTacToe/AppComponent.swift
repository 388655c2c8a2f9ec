import NeedleFoundation
import Streams

/// The root of the app's tree: `^->AppComponent`.
final class AppComponent: BootstrapComponent {
    public var mutablePlayersStream: MutablePlayersStream {
        shared { PlayersStreamImpl() }
    }

    var rootComponent: RootComponent {
        RootComponent(parent: self)
    }
}
