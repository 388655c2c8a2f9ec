import Foundation

public final class SettingsStore {
    public init() {}
}
