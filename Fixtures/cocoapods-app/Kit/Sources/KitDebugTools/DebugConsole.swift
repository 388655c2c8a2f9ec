import Kit

public struct DebugConsole {
    public init() {}
}
