public final class Session {
    public let userID: String

    public init(userID: String) {
        self.userID = userID
    }
}

public final class AvatarCache {
    public init() {}
}
