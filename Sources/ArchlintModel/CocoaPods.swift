/// What archlint knows of CocoaPods without reading a Podfile (Ruby: nested `target`, `abstract_target`, `def`
/// helpers, `inherit!`): a target links its pods through one aggregate product that `pod install` generates
/// (`Pods_App.framework`, `libPods-App.a`) and no target of the repository builds, and a pod the repository
/// develops has its podspec in the tree (`pod 'Kit', :path => '../Kit'` builds `Kit.podspec` from the scanned code).
public enum CocoaPods {
    /// The package of a Pods aggregate's external node (`CocoaPods/Pods_App`).
    public static let aggregatePackage = "CocoaPods"

    /// Whether a linked product (its name without `lib` and extension, as project readers give it) is a Pods
    /// aggregate: `Pods_App`, `Pods_App_Tests` (frameworks), `Pods-App` (static libraries).
    public static func isAggregate(productName name: String) -> Bool {
        (name.hasPrefix("Pods_") || name.hasPrefix("Pods-")) && name.count > 5
    }

    /// Whether an xcconfig is one `pod install` generates for a target (`Pods/Target Support Files/Pods-App/
    /// Pods-App.debug.xcconfig`), which a repository that doesn't commit `Pods/` lacks.
    public static func isGeneratedXCConfig(_ path: String) -> Bool {
        let parts = path.split(separator: "/")
        guard let index = parts.firstIndex(of: "Target Support Files"), index > 0, parts[index - 1] == "Pods" else { return false }
        return path.hasSuffix(".xcconfig")
    }

    /// Whether a file is a podspec: `Kit.podspec`, `Kit.podspec.json`.
    public static func isPodspec(name: String) -> Bool {
        podName(ofPodspec: name) != nil
    }

    /// The pod a podspec file declares, by CocoaPods' convention its file name (`Kit` for `Kit.podspec.json`).
    public static func podName(ofPodspec path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        for suffix in [".podspec", ".podspec.json"] where name.hasSuffix(suffix) && name.count > suffix.count {
            return String(name.dropLast(suffix.count))
        }
        return nil
    }
}

extension Module {
    /// An external node for a Pods aggregate a target links (`CocoaPods.isAggregate`): it may supply any external
    /// module, and of the scanned ones its `developmentPods`.
    public var isCocoaPodsAggregate: Bool { type == .external && developmentPods != nil }
}
