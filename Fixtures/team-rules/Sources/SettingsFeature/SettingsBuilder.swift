import CoreUI
import SettingsUI

public final class SettingsBuilder {
    public init() {}
}
