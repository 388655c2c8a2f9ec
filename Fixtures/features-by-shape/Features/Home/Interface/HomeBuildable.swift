public protocol HomeBuildable {}
