import ModulePathsPlugin
import ProjectDescription
import ProjectDescriptionHelpers

var dependencies: [TargetDependency] = ModulePaths.Feature.allCases.map { TargetDependency.feature($0) }
dependencies.append(.domain(.AuthDomain))
dependencies += [.SPM.needle]

if ProcessInfo.processInfo.environment["SHOP_DEBUG_MENU"] != nil {
    dependencies.append(.external(name: "FLEX"))
}

let project = Project(
    name: "Shop",
    packages: [.remote(url: "https://github.com/uber/needle", requirement: .upToNextMajor(from: "0.24.0"))],
    targets: [
        Target(
            name: "Shop",
            platform: .iOS,
            product: .app,
            bundleId: "com.example.shop",
            sources: ["Sources/**"],
            dependencies: dependencies + [
                .sdk(name: "UIKit", type: .framework),
                .xcframework(path: "../../Vendor/Analytics.xcframework"),
                .package(product: "NeedleFoundation"),
            ]
        ),
        Target(
            name: "ShopTests",
            platform: .iOS,
            product: .unitTests,
            bundleId: "com.example.shop.tests",
            sources: .glob("Tests/**", excluding: ["Tests/Fixtures/**"]),
            dependencies: [.target(name: "Shop")]
        ),
    ]
)
