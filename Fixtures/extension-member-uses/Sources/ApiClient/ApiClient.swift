import Dependencies

public struct ApiClient {
    public var send: (String) -> Void
}

extension DependencyValues {
    public var apiClient: ApiClient { ApiClient.noop }
}

extension ApiClient {
    public static let noop = ApiClient(send: { _ in })
}
