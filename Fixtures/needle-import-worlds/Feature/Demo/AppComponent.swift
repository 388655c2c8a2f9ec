import Feature
import NeedleFoundation
import Network

final class AppComponent: BootstrapComponent {
    var client: HTTPClient { HTTPClient() }
    var token: String { "demo" }

    var feature: FeatureComponent { FeatureComponent(parent: self) }
}
