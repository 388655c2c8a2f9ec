import NeedleFoundation

nonisolated final class RootComponent: BootstrapComponent {
    public var apiClient: APIClient { shared { APIClient() } }
    var feedComponent: FeedComponent { FeedComponent(parent: self) }
}
