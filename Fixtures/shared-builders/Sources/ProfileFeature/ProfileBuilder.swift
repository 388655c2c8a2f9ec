import UIKit
import Common

public final class ProfileBuilder: ProfileBuildable {
    private let gachaBuilder: GachaBuildable

    public init(gachaBuilder: GachaBuildable) {
        self.gachaBuilder = gachaBuilder
    }

    public func build(userID: String) -> UIViewController {
        ProfileViewController(userID: userID, gachaBuilder: gachaBuilder)
    }
}
