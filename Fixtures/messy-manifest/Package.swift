// swift-tools-version: 5.9
// A manifest written with every idiom archlint's static reader has to understand (and a few it can't).
import Foundation
import PackageDescription

// MARK: - String constants for names and paths

let coreName = "Core"
let featuresPath = "Sources/Features"

enum Module: String {
    case networking = "Networking"
    case analytics = "Analytics"
}

// MARK: - Single Target.Dependency values

let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
let orderedCollections = Target.Dependency.product(name: "OrderedCollections", package: "swift-collections")

// MARK: - Dependency arrays, `+`, `+=` and `append`

let coreDependencies: [Target.Dependency] = [.target(name: coreName), logging]
var featureDependencies: [Target.Dependency] = coreDependencies + ["DesignSystem"]
featureDependencies += [orderedCollections]
featureDependencies.append(.byName(name: Module.networking.rawValue))

// MARK: - Package dependencies

let swiftLog = Package.Dependency.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")
let useLocalDesignTokens = false
let designTokens: Package.Dependency = useLocalDesignTokens
    ? .package(path: "../DesignTokens")
    : .package(url: "https://github.com/example/design-tokens.git", branch: "main")
let packageDependencies: [Package.Dependency] = [
    swiftLog,
    .package(url: "https://github.com/apple/swift-collections", exact: "1.1.0"),
    designTokens,
]

// MARK: - Helpers in extensions

extension Target.Dependency {
    static let designSystem: Target.Dependency = "DesignSystem"
    static var analytics: Target.Dependency { .target(name: Module.analytics.rawValue) }
    static func feature(_ name: String) -> Target.Dependency { .target(name: "\(name)Feature") }
}

extension Target {
    static func feature(_ name: String, dependencies: [Target.Dependency] = []) -> Target {
        .target(name: "\(name)Feature", dependencies: featureDependencies + dependencies, path: "\(featuresPath)/\(name)")
    }
}

// MARK: - Constants holding targets and products

let core = Target.target(name: coreName, dependencies: [logging], path: "Sources/Core", exclude: ["README.md"])
let designSystem: Target = .target(
    name: "DesignSystem",
    dependencies: [.target(name: coreName), .product(name: "DesignTokens", package: "design-tokens")]
)
var products: [Product] = [
    .library(name: "MessyKit", targets: ["HomeFeature", "SearchFeature"]),
]

// MARK: - `#if`: every branch is read, the condition is kept

#if os(Linux)
let platformDependencies: [Target.Dependency] = ["LinuxSupport"]
#elseif swift(>=5.9)
let platformDependencies: [Target.Dependency] = [.analytics]
#else
let platformDependencies: [Target.Dependency] = []
#endif

var targets: [Target] = [core, designSystem]
targets += [
    .feature("Home", dependencies: [.designSystem] + platformDependencies),
    .feature("Search", dependencies: [.feature("Home")]),
]
targets.append(.target(name: Module.networking.rawValue, dependencies: [logging], sources: ["Client.swift", "Request.swift"]))

let package = Package(
    name: "MessyKit",
    products: products,
    dependencies: packageDependencies,
    targets: targets + [
        .target(name: Module.analytics.rawValue, dependencies: [.target(name: coreName, condition: .when(platforms: [.iOS]))]),
        .target(name: "TestSupport", dependencies: [.target(name: coreName)]),
        .testTarget(name: "CoreTests", dependencies: [.target(name: coreName)]),
    ]
)

// MARK: - Changes after `Package(...)`

package.targets += [.executableTarget(name: "messy-cli", dependencies: ["Core"])]
package.products.append(.executable(name: "messy-cli", targets: ["messy-cli"]))
package.dependencies.append(contentsOf: [.package(path: "../LocalTools")])

#if os(Linux)
package.targets.append(.target(name: "LinuxSupport", path: "Sources/LinuxSupport"))
#endif

if ProcessInfo.processInfo.environment["MESSY_BENCHMARKS"] != nil {
    package.targets.append(.executableTarget(name: "Benchmarks", dependencies: [.feature("Home")]))
}

// MARK: - A `map` archlint runs, and what it can't resolve statically (a manifest-unresolved warning each)

let generatedTargets = ["Alpha", "Beta"].map { Target.target(name: "Generated\($0)", path: "Sources/Generated/\($0)") }
package.targets.append(contentsOf: generatedTargets)

let pluginName = ProcessInfo.processInfo.environment["MESSY_PLUGIN_NAME"] ?? "MessyPlugin"
package.targets.append(.target(name: pluginName))

for target in package.targets where target.type == .test {
    target.dependencies.append("TestSupport")
}

// Settings-only loops don't change the module graph: not reported.
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
