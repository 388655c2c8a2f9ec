import LoggedOut
import NeedleFoundation
import Streams

/// The sample shows the logged-out screen straight from the app component: `AppComponent → LoggedOutComponent`
/// exists only in this app.
final class AppComponent: BootstrapComponent {
    // The demo forgot `mutablePlayersStream`, which LoggedOutComponent needs: a missing dependency in the
    // demo's world only.

    var rootComponent: RootComponent {
        RootComponent(parent: self)
    }

    var loggedOutComponent: LoggedOutComponent {
        LoggedOutComponent(parent: self)
    }
}
