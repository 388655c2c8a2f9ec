import CoreUI
import ProfileFeature

public struct SettingsRows {}
