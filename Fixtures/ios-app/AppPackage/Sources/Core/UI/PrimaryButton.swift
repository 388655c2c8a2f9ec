import UIKit
import DesignSystem

public final class PrimaryButton: UIButton {
    public convenience init(title: String) {
        self.init(type: .system)
        setTitle(title, for: .normal)
        backgroundColor = Palette.accent
    }
}
