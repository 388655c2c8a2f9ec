import NeedleFoundation

/// Handed to background work: the dependency itself crosses isolation domains (`nonisolated`: off the main
/// actor under either default isolation).
nonisolated protocol FeedDependency: Dependency, Sendable {
    var apiClient: APIClient { get }
}

nonisolated final class FeedComponent: Component<FeedDependency> {
    var loader: FeedLoader { FeedLoader(dependency: dependency) }
}

nonisolated final class FeedLoader: Sendable {
    let dependency: FeedDependency
    init(dependency: FeedDependency) { self.dependency = dependency }

    func load() async -> String {
        await Task.detached { [dependency] in dependency.apiClient.baseURL }.value
    }
}
