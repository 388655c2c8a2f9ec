/// Whether the scanned volume tells file names apart by case. APFS and HFS+ as macOS formats them don't (a
/// project's `Sources/app` is the folder `Sources/App`); ext4 does. Paths from projects and configs are compared
/// with walked paths under the answer for the scanned root (`VolumeCase` in Workspace asks the volume).
public enum PathCase: Sendable, Hashable {
    case sensitive
    case insensitive

    /// One character as compared: lowercased where case doesn't count (when that keeps it one character, so
    /// folded text keeps its positions).
    public func fold(_ character: Character) -> Character {
        guard self == .insensitive else { return character }
        if let ascii = character.asciiValue {
            return (65...90).contains(ascii) ? Character(Unicode.Scalar(ascii + 32)) : character
        }
        let lower = character.lowercased()
        return lower.count == 1 ? Character(lower) : character
    }

    public func fold(_ characters: [Character]) -> [Character] {
        self == .sensitive ? characters : characters.map(fold)
    }

    /// The text a path is looked up by: itself, or folded where case doesn't count.
    public func key(_ path: String) -> String {
        self == .sensitive ? path : String(path.map(fold))
    }
}
