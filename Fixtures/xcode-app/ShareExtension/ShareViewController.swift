import Core
import UIKit

final class ShareViewController: UIViewController {
    private let session = UserSession(userID: "share")

    override func viewDidLoad() {
        super.viewDidLoad()
        title = ShareFormatter().text(for: session.userID, count: 1)
    }
}
