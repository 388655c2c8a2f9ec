public protocol ProfileBuildable {}
