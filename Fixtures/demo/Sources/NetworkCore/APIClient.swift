import AnalyticsCore

public final class APIClient {
    private let tracker = EventTracker()

    public init() {}

    public func get(_ path: String) {
        tracker.track("GET \(path)")
    }
}

public protocol PaymentService {
    func pay(cents: Int)
}
