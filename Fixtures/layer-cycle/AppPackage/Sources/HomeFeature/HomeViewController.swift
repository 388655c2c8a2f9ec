import UIKit
import UICore
import DesignSystem

public final class HomeViewController: UIViewController {
    override public func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Palette.background
        view.addSubview(ThemedButton(title: "Play"))
        Haptics.prepare()
    }
}
