import Networking

public final class ProfileRepository {
    private let client = HTTPClient()
    public init() {}
}
