import Logging

public struct CoreService {
    let logger = Logger(label: "core")
    public init() {}
}
