import NeedleFoundation
import UIKit

final class RootComponent: BootstrapComponent {
    // Internal: needle 0.19 read it (the committed file was written then); 0.24 and later don't.
    var analytics: Analytics { shared { AnalyticsImpl() } }
    public var session: Session { shared { Session() } }
    // Internal: needle doesn't read it, so it is in no `localTable`.
    var rootViewController: UIViewController { UIViewController() }

    var loggedInComponent: LoggedInComponent { LoggedInComponent(parent: self) }
}

extension RootComponent {
    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
