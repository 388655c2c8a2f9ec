import Core
import UIKit

public final class SettingsViewController: UIViewController {
    private let session: UserSession

    public init(session: UserSession) {
        self.session = session
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }
}
