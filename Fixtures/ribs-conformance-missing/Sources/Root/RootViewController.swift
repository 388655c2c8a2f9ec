import RIBs
import UIKit

protocol RootViewControllable: ViewControllable {}

final class RootViewController: UIViewController, RootViewControllable {}

final class RootInteractor: PresentableInteractor<RootViewControllable>, RootInteractable {
    weak var router: Routing?
}
