import UIKit
import HomeInterface
import Lottie
import Networking

public final class HomeBuilder: HomeBuildable {
    private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func build() -> UIViewController {
        let controller = UIViewController()
        controller.view.addSubview(LottieAnimationView(name: "confetti"))
        return controller
    }

    public static let featuredTitle = "Featured"
}
