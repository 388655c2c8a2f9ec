public protocol AnalyticsTracking: AnyObject {
    func track(_ event: String)
}

public final class AnalyticsService: AnalyticsTracking {
    public init() {}

    public func track(_ event: String) {}
}

public final class APIClient {
    public init() {}
}

public final class CartStore {
    public init() {}
}
