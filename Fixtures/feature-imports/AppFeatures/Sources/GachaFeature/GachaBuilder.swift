import UIKit
import GachaInterface

public final class GachaBuilder: GachaBuildable {
    public init() {}

    public func build(bannerID: String) -> UIViewController {
        GachaViewController(bannerID: bannerID)
    }
}

final class GachaViewController: UIViewController {
    let bannerID: String

    init(bannerID: String) {
        self.bannerID = bannerID
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
