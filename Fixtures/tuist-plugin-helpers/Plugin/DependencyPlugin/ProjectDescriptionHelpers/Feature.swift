import ProjectDescription

public extension TargetDependency {
    enum Feature {
        public static let Profile = TargetDependency.project(
            target: "Profile", path: .relativeToRoot("Projects/Profile"))
    }
}
