import UIKit
import Common

public final class GachaBuilder: GachaBuildable {
    public init() {}

    public func build(campaignID: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = "Gacha \(campaignID)"
        return controller
    }
}
