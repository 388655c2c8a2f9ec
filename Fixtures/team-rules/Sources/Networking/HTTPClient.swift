import Foundation

public final class HTTPClient {
    public init() {}
    public func get(_ path: String) async throws -> Data { Data() }
}
