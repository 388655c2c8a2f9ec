public protocol Routing: AnyObject {
    func detach()
}

public protocol ViewControllable: AnyObject {}
