import NeedleFoundation

final class SettingsComponent: Component<EmptyDependency> {}

/// Never instantiated: needle skips orphans.
final class OrphanComponent: Component<EmptyDependency> {}
