import UIKit
import DesignSystem

public final class AvatarView: UIImageView {
    public override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.width / 2
        layer.borderColor = Palette.accent.cgColor
    }
}
