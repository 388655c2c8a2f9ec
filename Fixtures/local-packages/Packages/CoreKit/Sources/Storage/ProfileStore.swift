import Foundation
import Networking

public actor ProfileStore {
    private let client: APIClient
    private var cache: [String: Data] = [:]

    public init(client: APIClient) {
        self.client = client
    }

    public func profile(id: String) async throws -> Data {
        if let cached = cache[id] { return cached }
        let data = try await client.data(for: "profiles/\(id)")
        cache[id] = data
        return data
    }
}
