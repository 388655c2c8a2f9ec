import UIKit
import HomeInterface
import HomeFeature
import Storage

public final class ProfileViewController: UIViewController {
    private let store: ProfileStore
    private let homeBuilder: HomeBuildable

    public init(store: ProfileStore, homeBuilder: HomeBuildable) {
        self.store = store
        self.homeBuilder = homeBuilder
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override public func viewDidLoad() {
        super.viewDidLoad()
        title = HomeBuilder.featuredTitle
    }
}
