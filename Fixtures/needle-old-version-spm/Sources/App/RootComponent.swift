import NeedleFoundation

final class RootComponent: BootstrapComponent {
    // Internal: the package's needle (0.22.0, Package.resolved) reads it; needle 0.24 and later would not.
    var analytics: Analytics { shared { AnalyticsImpl() } }
    public var session: Session { shared { Session() } }

    var featureComponent: FeatureComponent { FeatureComponent(parent: self) }
}
