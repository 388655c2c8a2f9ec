import ProjectDescription

let widgetDependencies: [TargetDependency] = Environment.isCI.getBoolean(default: false)
    ? [.target(name: "NotesKit")]
    : [.target(name: "NotesKit"), .external(name: "Pulse")]

let project = Project(
    name: "Notes",
    packages: [.remote(url: "https://github.com/apple/swift-collections", requirement: .upToNextMajor(from: "1.0.0"))],
    targets: [
        .target(
            name: "Notes",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.example.notes",
            sources: ["Notes/Sources/**"],
            dependencies: [
                .target(name: "NotesKit"),
                .target(name: "NotesWidget"),
                .external(name: "ComposableArchitecture"),
            ]
        ),
        .target(
            name: "NotesKit",
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.example.notes.kit",
            sources: "NotesKit/Sources/**",
            dependencies: [.project(target: "Storage", path: "Modules/Storage")]
        ),
        .target(
            name: "NotesWidget",
            destinations: .iOS,
            product: .appExtension,
            bundleId: "dev.example.notes.widget",
            sources: ["NotesWidget/**/*.swift"],
            dependencies: widgetDependencies
        ),
        .target(
            name: "NotesTests",
            destinations: .iOS,
            product: .unitTests,
            bundleId: "dev.example.notes.tests",
            sources: .sourceFilesList(globs: [.glob("NotesTests/**", excluding: ["NotesTests/Snapshots/**"])]),
            dependencies: [.target(name: "Notes")]
        ),
    ]
)
