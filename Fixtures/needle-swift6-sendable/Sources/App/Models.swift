nonisolated final class APIClient: Sendable {
    let baseURL = "https://example.com"
    init() {}
}
