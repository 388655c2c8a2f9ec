import UserService

public struct LegacyStore {}
