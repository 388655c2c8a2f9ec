public protocol ProfileBuildable {
    func makeProfileCard() -> AnyObject
}
