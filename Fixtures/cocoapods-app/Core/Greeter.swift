import Foundation

public struct Greeter {
    public init() {}
    public func greet() -> String { "Hello" }
}
