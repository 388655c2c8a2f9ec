/// Sample apps, as a modular app keeps them beside its features (needle's and RIBs' samples, a feature's demo app):
/// one Xcode application target per sample in the corpus' `App.xcodeproj`, compiling `Samples/<Feature>Sample`,
/// with its own Needle root component that provides the root services and starts one feature's component.
extension CorpusPlan {
    /// The root-level Needle features that get a sample app: about four per 4,000 files, at least two.
    var sampleAppFeatures: [Int] {
        Array(children(of: nil).prefix(max(2, min(8, features.count / 15))))
    }
}

extension CompositionSources {
    func sampleAppFiles(feature index: Int) -> [(String, String)] {
        let feature = plan.features[index]
        let root = "\(feature.name)SampleRootComponent"
        var out = SourceWriter()
        var imports = Set(["NeedleFoundation", "UIKit", plan.compositionRoot(ofGroup: feature.group), feature.interface])
        for provision in CorpusPlan.rootProvisions { imports.insert(provision.module) }
        out.imports(imports.sorted())
        out.block("final class \(root): BootstrapComponent") { out in
            for provision in CorpusPlan.rootProvisions {
                out.block("var \(provision.name): \(provision.type)") { out in
                    out.line("shared { \(provision.type)Impl() }")
                }
                out.line()
            }
            out.block("var \(lowerFirst(feature.component)): \(feature.component)") { out in
                out.line("\(feature.component)(parent: self)")
            }
        }
        let component = out.text

        out = SourceWriter()
        out.imports(["UIKit", "NeedleFoundation"])
        out.line("@main")
        out.block("final class \(feature.name)SampleAppDelegate: UIResponder, UIApplicationDelegate") { out in
            out.line("var window: UIWindow?")
            out.line("private let root = \(root)()")
            out.line()
            out.block("func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool") { out in
                out.line("window = UIWindow(frame: UIScreen.main.bounds)")
                out.line("window?.makeKeyAndVisible()")
                out.line("return true")
            }
        }
        return [("\(root).swift", component), ("\(feature.name)SampleAppDelegate.swift", out.text)]
    }
}
