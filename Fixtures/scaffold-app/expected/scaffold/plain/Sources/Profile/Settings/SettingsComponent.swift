import NeedleFoundation

/// What SettingsComponent needs from its ancestors: add a property here, and Needle finds its provider along the
/// path from the root.
protocol SettingsDependency: Dependency {}

/// The scope of Settings: what it declares here is provided to its children.
final class SettingsComponent: Component<SettingsDependency> {}
