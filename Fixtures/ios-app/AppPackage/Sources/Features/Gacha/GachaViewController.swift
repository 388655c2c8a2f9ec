import UIKit
import UICore

public final class GachaViewController: UIViewController {
    private let drawButton = PrimaryButton(title: "Draw")

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(drawButton)
    }
}
