import Foundation

public enum AssetCatalog {
    public static let accentColorName = "AccentColor"
    public static let bundle = Bundle.module
}
