import UIKit
import Common

final class ProfileViewController: UIViewController {
    let userID: String
    private let gachaBuilder: GachaBuildable

    init(userID: String, gachaBuilder: GachaBuildable) {
        self.userID = userID
        self.gachaBuilder = gachaBuilder
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    func openCampaign(_ id: String) {
        navigationController?.pushViewController(gachaBuilder.build(campaignID: id), animated: true)
    }
}
