import Feature
import NeedleFoundation
import Network

final class AppComponent: BootstrapComponent {
    var client: HTTPClient { HTTPClient() }

    var feature: FeatureComponent { FeatureComponent(parent: self) }
}
