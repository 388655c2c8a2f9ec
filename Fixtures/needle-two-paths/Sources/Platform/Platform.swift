public final class UserSession {
    public init() {}
}

public final class ImageLoader {
    public init() {}
}
