import UIKit
import UICore

/// A button in the app's style. It plays a haptic through UICore, a module built on top of the design system.
public final class ThemedButton: UIButton {
    public convenience init(title: String) {
        self.init(type: .system)
        setTitle(title, for: .normal)
        tintColor = Palette.accent
        addAction(UIAction { _ in Haptics.tap() }, for: .touchUpInside)
    }
}
