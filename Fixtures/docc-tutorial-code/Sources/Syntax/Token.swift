public struct Token: Equatable {
    public var text: String

    public init(_ text: String) {
        self.text = text
    }
}
