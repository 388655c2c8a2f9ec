import UIKit
import Assets

public enum Palette {
    public static let accent = UIColor(named: AssetCatalog.accentColorName, in: AssetCatalog.bundle, compatibleWith: nil)!
}
