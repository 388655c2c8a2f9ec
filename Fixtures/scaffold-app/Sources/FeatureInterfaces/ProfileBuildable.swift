import RIBs

public protocol ProfileBuildable: Buildable {
    func build() -> ViewableRouting
}
