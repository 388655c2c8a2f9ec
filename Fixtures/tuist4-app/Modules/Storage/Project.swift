import ProjectDescription

func framework(_ name: String, product: Product = .staticFramework) -> Target {
    .target(
        name: name,
        destinations: .iOS,
        product: product,
        bundleId: "dev.example.\(name.lowercased())",
        buildableFolders: ["Sources"]
    )
}

let project = Project(name: "Storage", targets: [framework("Storage")])
