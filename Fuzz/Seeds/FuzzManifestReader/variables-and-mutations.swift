// swift-tools-version: 5.9
import PackageDescription

let core: Target.Dependency = "Core"
var targets: [Target] = [.target(name: "Core"), .target(name: "App", dependencies: [core, .product(name: "X", package: "x")])]
#if os(Linux)
targets.append(.testTarget(name: "AppTests", dependencies: ["App"]))
#endif
let package = Package(
    name: "P",
    products: [.library(name: "App", targets: targets.map(\.name))],
    dependencies: [.package(path: "../x"), .package(url: "https://example.com/y", from: "1.0.0")],
    targets: targets + ["A", "B"].map { .target(name: $0) }
)
package.targets.first?.dependencies += [.target(name: "B", condition: .when(platforms: [.iOS]))]
