import Foundation

public struct Note: Identifiable, Sendable {
    public let id = UUID()
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }
}
