import ProjectDescription

public extension Settings {
    /// Swift 6 with `MainActor` as the default isolation, as Xcode 26 sets up a new app target.
    static func swift6(defaultIsolation: String = "MainActor") -> Settings {
        .settings(
            base: SettingsDictionary()
                .marketingVersion("1.0")
                .swiftVersion("6.0")
                .merging(["SWIFT_DEFAULT_ACTOR_ISOLATION": .string(defaultIsolation)]),
            configurations: [
                .debug(name: .debug),
                .release(name: .release, settings: ["SWIFT_STRICT_CONCURRENCY": "complete"]),
            ]
        )
    }
}
