import BaseService

public enum Log {
    public static func info(_ message: String) { _ = ServiceClient() }
}
