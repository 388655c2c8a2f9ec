import Foundation

public final class APIClient {
    private let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    public func data(for path: String) async throws -> Data {
        let url = URL(string: "https://api.example.com")!.appendingPathComponent(path)
        return try await session.data(from: url).0
    }
}
