import Foundation

public struct KitClient {
    public init(session: Any?) {}
}
