import Core
import Foundation

public struct APIClient: Sendable {
    public let baseURL: String

    public init(baseURL: String) {
        self.baseURL = baseURL
    }

    public func get(_ path: String) async throws -> Data {
        Data((baseURL + path).utf8)
    }

    public func get(_ path: String, as session: UserSession) async throws -> Data {
        try await get(path + "?user=" + session.userID)
    }
}
