import Foundation
import Networking

public struct Formatter {
    public init() {}
    public let client = Client()
}
