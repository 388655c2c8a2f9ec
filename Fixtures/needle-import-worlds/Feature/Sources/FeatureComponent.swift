import NeedleFoundation
import Network

public protocol FeatureDependency: Dependency {
    var client: HTTPClient { get }
    var token: String { get }
}

public final class FeatureComponent: Component<FeatureDependency> {}
