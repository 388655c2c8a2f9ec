import UIKit
import Assets

public enum Palette {
    public static let background = AssetColor.background
    public static let accent = AssetColor.accent
}
