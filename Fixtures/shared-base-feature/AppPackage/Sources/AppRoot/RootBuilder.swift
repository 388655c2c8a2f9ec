import ProfileFeature
import SettingsFeature

public enum RootBuilder {
    public static func build() -> [AnyObject] { [ProfileViewController(), SettingsViewController()] }
}
