import Foundation

public final class HTTPClient {
    public init() {}
}
