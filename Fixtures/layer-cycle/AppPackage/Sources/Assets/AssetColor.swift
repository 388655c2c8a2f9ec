import UIKit

public enum AssetColor {
    public static let background = UIColor.systemBackground
    public static let accent = UIColor.systemOrange
}
