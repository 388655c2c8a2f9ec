import NeedleFoundation
import Streams

/// The sample starts logged in, with two fixed players.
final class AppComponent: BootstrapComponent {
    public var mutablePlayersStream: MutablePlayersStream {
        shared {
            let stream = PlayersStreamImpl()
            stream.update(players: [Player(name: "Ada"), Player(name: "Grace")])
            return stream
        }
    }

    var rootComponent: RootComponent {
        RootComponent(parent: self)
    }
}
