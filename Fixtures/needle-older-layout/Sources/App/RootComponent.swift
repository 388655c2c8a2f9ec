import NeedleFoundation
import UIKit

final class RootComponent: BootstrapComponent {
    public var analytics: Analytics { shared { AnalyticsImpl() } }
    public var session: Session { shared { Session() } }
    // Internal: needle doesn't read it, so it is in no `localTable`.
    var rootViewController: UIViewController { UIViewController() }

    var loggedInComponent: LoggedInComponent { LoggedInComponent(parent: self) }
}

extension RootComponent {
    var settingsComponent: SettingsComponent { SettingsComponent(parent: self) }
}
