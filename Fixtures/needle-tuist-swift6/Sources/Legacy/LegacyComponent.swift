import NeedleFoundation

/// Legacy's settings can't be read: its default isolation is unknown, so no finding.
final class LegacyComponent: Component<EmptyDependency> {}
