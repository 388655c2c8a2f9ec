import NeedleFoundation

final class RootComponent: BootstrapComponent {
    // Internal: with no lockfile, archlint assumes needle 0.24 or later, which does not read it.
    var analytics: Analytics { shared { AnalyticsImpl() } }
    public var session: Session { shared { Session() } }

    var featureComponent: FeatureComponent { FeatureComponent(parent: self) }
}
