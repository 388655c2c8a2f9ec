import UIKit

/// What other features may know about Gacha: how to build its screen.
public protocol GachaBuildable {
    func build(bannerID: String) -> UIViewController
}
