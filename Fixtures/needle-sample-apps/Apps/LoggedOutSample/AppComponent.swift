import LoggedOut
import NeedleFoundation
import Streams

/// The sample shows the logged-out screen straight from the app component: `AppComponent → LoggedOutComponent`
/// exists only in this app.
final class AppComponent: BootstrapComponent {
    public var mutablePlayersStream: MutablePlayersStream {
        shared { PlayersStreamImpl() }
    }

    var rootComponent: RootComponent {
        RootComponent(parent: self)
    }

    var loggedOutComponent: LoggedOutComponent {
        LoggedOutComponent(parent: self)
    }
}
