public protocol HomeBuildable {
    func makeHomeScreen() -> AnyObject
}
