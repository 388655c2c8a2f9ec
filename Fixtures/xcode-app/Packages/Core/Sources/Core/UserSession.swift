public struct UserSession: Sendable {
    public let userID: String

    public init(userID: String) {
        self.userID = userID
    }
}
