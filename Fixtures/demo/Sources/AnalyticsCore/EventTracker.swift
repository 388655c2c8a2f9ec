import NetworkCore

public final class EventTracker {
    public init() {}

    public func track(_ event: String) {
        upload([event])
    }

    /// Shortcut: analytics reaches back into the networking module that depends on it.
    private func upload(_ events: [String]) {
        APIClient().get("/events?count=\(events.count)")
    }
}
