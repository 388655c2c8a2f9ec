/// Read on the main actor only.
@MainActor final class Theme {
    let accent = "blue"
    init() {}
}

nonisolated final class Session: Sendable {
    let user = "ada"
    init() {}
}
