/// Tuist's folder, `Tuist/`: on a Mac's case-insensitive volume, where Tuist runs, `tuist/` is the same folder
/// (olvid-ios keeps its helpers in `tuist/ProjectDescriptionHelpers`). The one answer for discovery, the Tuist
/// reader and the Needle version readings.
public enum TuistFolder {
    public static func matches(_ name: some StringProtocol) -> Bool {
        name.count == 5 && name.lowercased() == "tuist"
    }
}
