import ArchlintModel
import Foundation

/// The modules whose classes a target's Info.plist names for the system to load (`NSExtensionPrincipalClass`:
/// `PocketStickerKit.MessagesViewController`): the target uses them without importing them. A class of the
/// target's own module (`$(PRODUCT_MODULE_NAME).SceneDelegate`, or no module) names none.
enum InfoPlistClasses {
    static let keys: Set<String> = [
        "NSExtensionPrincipalClass", "NSPrincipalClass", "UISceneDelegateClassName", "WKExtensionDelegateClassName",
        "WKApplicationDelegateClassName", "CLKComplicationPrincipalClass",
    ]

    /// Sorted; empty when the file can't be read or is no property list (XML or binary, read by Foundation).
    static func modules(inPlistAt path: String, fileSystem: any ProjectFileSystem) -> [String] {
        guard let bytes = fileSystem.contents(of: path),
              let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        else { return [] }
        var modules: Set<String> = []
        // The keys sit at any depth (`NSExtension`, `UIApplicationSceneManifest` › … › each scene configuration).
        var pending: [Any] = [plist]
        while let value = pending.popLast() {
            if let dictionary = value as? [String: Any] {
                for (key, value) in dictionary {
                    if keys.contains(key), let name = value as? String, let module = module(of: name) {
                        modules.insert(module)
                    } else {
                        pending.append(value)
                    }
                }
            } else if let array = value as? [Any] {
                pending += array
            }
        }
        return modules.sorted()
    }

    /// `Kit` of `Kit.ShareViewController`; nil for a class of the target's own module.
    private static func module(of className: String) -> String? {
        guard let dot = className.firstIndex(of: "."), dot != className.startIndex, !className.hasPrefix("$") else {
            return nil
        }
        return String(className[..<dot])
    }
}
