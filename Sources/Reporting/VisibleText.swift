import ArchlintModel
/// Text from the codebase (module names, paths) as every table outside Reporting prints it: control characters as
/// visible escapes (see `ControlCharacters`).
public enum VisibleText {
    public static func escaped(_ text: String) -> String { ControlCharacters.visible(text, newlinesAsSpaces: false) }
}
