import Core
import DesignTokens

public enum Palette {
    public static let accent = Tokens.accent
}
