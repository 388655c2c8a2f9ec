/// What other features may know about the cart: how to open it.
public protocol CartBuildable {
    func makeCartScreen() -> AnyObject
}
