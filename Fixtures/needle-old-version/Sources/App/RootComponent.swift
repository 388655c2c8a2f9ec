import NeedleFoundation

final class RootComponent: BootstrapComponent {
    // Internal: the app's needle (0.19.0, Podfile.lock) reads it; needle 0.24 and later would not.
    var analytics: Analytics { shared { AnalyticsImpl() } }
    public var session: Session { shared { Session() } }

    var featureComponent: FeatureComponent { FeatureComponent(parent: self) }
}
