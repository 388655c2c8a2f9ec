import ArchlintModel
import Yams

/// Loads `.archlint.yml`, strictly.
public enum ConfigurationLoader {
    public static let defaultConfiguration = ArchlintConfiguration()
}
