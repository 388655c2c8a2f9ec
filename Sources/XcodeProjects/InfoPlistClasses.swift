import ArchlintModel

/// The modules whose classes a target's Info.plist names for the system to load (`NSExtensionPrincipalClass`:
/// `PocketStickerKit.MessagesViewController`): the target uses them without importing them. A class of the
/// target's own module (`$(PRODUCT_MODULE_NAME).SceneDelegate`, or no module) names none.
enum InfoPlistClasses {
    static let keys: Set<Substring> = [
        "NSExtensionPrincipalClass", "NSPrincipalClass", "UISceneDelegateClassName", "WKExtensionDelegateClassName",
        "WKApplicationDelegateClassName", "CLKComplicationPrincipalClass",
    ]

    /// Sorted; empty when the file can't be read or is no XML property list.
    static func modules(inPlistAt path: String, fileSystem: any ProjectFileSystem) -> [String] {
        guard let bytes = fileSystem.contents(of: path) else { return [] }
        let text = String(decoding: bytes, as: UTF8.self)
        var modules: Set<String> = []
        for entry in text.split(separator: "<key>").dropFirst() {
            guard let keyEnd = entry.firstRange(of: "</key>"), keys.contains(entry[..<keyEnd.lowerBound]) else { continue }
            let rest = entry[keyEnd.upperBound...].drop { $0.isWhitespace }
            guard rest.hasPrefix("<string>"), let valueEnd = rest.firstRange(of: "</string>") else { continue }
            let value = rest[rest.index(rest.startIndex, offsetBy: 8)..<valueEnd.lowerBound]
            guard let dot = value.firstIndex(of: "."), dot != value.startIndex, !value.hasPrefix("$") else { continue }
            modules.insert(String(value[..<dot]))
        }
        return modules.sorted()
    }
}
