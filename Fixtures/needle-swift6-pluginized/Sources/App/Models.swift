nonisolated final class Session: Sendable {
    init() {}
}

nonisolated final class FeatureFlags {
    var isNewProfileOn = true
    init() {}
}
