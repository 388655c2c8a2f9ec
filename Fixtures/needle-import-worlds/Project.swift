import ProjectDescription

let project = Project(
    name: "Shop",
    targets: [
        .target(name: "Shop", destinations: .iOS, product: .app, bundleId: "dev.example.shop", sources: ["App/Sources/**"],
                dependencies: [.target(name: "Network")]),
        .target(name: "Feature", destinations: .iOS, product: .framework, bundleId: "dev.example.feature",
                sources: ["Feature/Sources/**"], dependencies: [.target(name: "Network")]),
        .target(name: "FeatureDemo", destinations: .iOS, product: .app, bundleId: "dev.example.feature.demo",
                sources: ["Feature/Demo/**"], dependencies: [.target(name: "Feature"), .target(name: "Network")]),
        .target(name: "Network", destinations: .iOS, product: .framework, bundleId: "dev.example.network",
                sources: ["Network/Sources/**"]),
    ]
)
