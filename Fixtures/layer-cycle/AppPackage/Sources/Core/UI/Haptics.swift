import UIKit

public enum Haptics {
    private static let generator = UIImpactFeedbackGenerator(style: .light)

    public static func prepare() {
        generator.prepare()
    }

    public static func tap() {
        generator.impactOccurred()
    }
}
