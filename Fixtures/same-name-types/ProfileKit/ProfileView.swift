import UIKit

public final class Navigator {
    public func push(_ destination: String) {}
}

public final class ProfileView: UIView {
    public let router = Navigator()
}
