import UIKit
import UICore

public final class ProfileViewController: UIViewController {
    private let avatar = AvatarView()

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(avatar)
    }
}
