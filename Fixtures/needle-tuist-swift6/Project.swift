import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Notes",
    // The project's language mode; App's own settings override it.
    settings: .settings(base: ["SWIFT_VERSION": "5.0"]),
    targets: [
        .target(
            name: "App",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.example.notes",
            // Info.plist entries are never evaluated: nothing here is unresolved.
            infoPlist: .extendingDefault(with: ["UILaunchScreen": ["UIColorName": .string(launchColor())]]),
            sources: ["Sources/App/**"],
            dependencies: [.target(name: "Kit")],
            settings: .swift6()
        ),
        .target(
            name: "Kit",
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.example.notes.kit",
            sources: ["Sources/Kit/**"],
            // `-default-isolation MainActor` in the xcconfig's OTHER_SWIFT_FLAGS, in the default (Release) configuration.
            settings: .settings(configurations: [
                .debug(name: .debug),
                .release(name: .release, xcconfig: "Configs/Kit.xcconfig"),
            ])
        ),
        .target(
            name: "Legacy",
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.example.notes.legacy",
            sources: ["Sources/Legacy/**"],
            // Read when `tuist generate` runs: the language mode is assumed (the project's 5.0).
            settings: .settings(base: ["SWIFT_VERSION": .string(Environment.legacySwiftVersion.getString(default: "5.0"))])
        ),
    ]
)
