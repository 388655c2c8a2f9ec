public struct Money: Equatable, Sendable {
    public var cents: Int

    public init(cents: Int) {
        self.cents = cents
    }
}
