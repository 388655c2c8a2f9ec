import NeedleFoundation

nonisolated final class RootComponent: BootstrapComponent {
    public var session: Session { shared { Session() } }
    var loggedInComponent: LoggedInComponent { LoggedInComponent(parent: self) }
}
