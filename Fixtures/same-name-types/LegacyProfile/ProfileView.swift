import UIKit

public final class ProfileRouter {
    public func dismiss() {}
}

public final class ProfileView: UIView {
    public let router: ProfileRouter

    public init(router: ProfileRouter) {
        self.router = router
        super.init(frame: .zero)
    }

    required init?(coder: NSCoder) { nil }
}
