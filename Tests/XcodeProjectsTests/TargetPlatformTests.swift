import ArchlintModel
import Testing

@testable import XcodeProjects

/// The one platform a target builds for: `SDKROOT`, unless `SUPPORTED_PLATFORMS` adds another; unknown otherwise.
struct TargetPlatformTests {
    static func platform(_ levels: [BuildSettingStack.Level]) -> ApplePlatform? {
        BuildSettingStack(levels: levels, targetName: "T", projectName: "P", configuration: "Release").platform()
    }

    @Test func oneSDKIsOnePlatform() {
        #expect(Self.platform([.init(["SDKROOT": "watchos"])]) == .watchOS)
        #expect(Self.platform([.init([:]), .init(["SDKROOT": "iphoneos"])]) == .iOS)
        #expect(Self.platform([.init(["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphonesimulator iphoneos"])]) == .iOS)
    }

    @Test func severalOrUnreadableAreUnknown() {
        #expect(Self.platform([.init(["SDKROOT": "auto", "SUPPORTED_PLATFORMS": "iphoneos macosx"])]) == nil)
        #expect(Self.platform([.init(["SDKROOT": "iphoneos", "SUPPORTED_PLATFORMS": "iphoneos xros"])]) == nil)
        #expect(Self.platform([.init(["SDKROOT": "$(UNSET)"])]) == nil)
        // The unread xcconfig may set SUPPORTED_PLATFORMS.
        #expect(Self.platform([.init(["SDKROOT": "iphoneos"]), .init([:], unreadFile: "Base.xcconfig")]) == nil)
        #expect(Self.platform([.init([:], unreadFile: "Base.xcconfig")]) == nil)
        #expect(Self.platform([.init(["OTHER_LDFLAGS": "-ObjC"])]) == nil)
    }

    /// `pod install` writes these xcconfigs; a clone has none, and they never set the platform.
    @Test func anUnreadCocoaPodsXCConfigLeavesThePlatformKnown() {
        let pods = BuildSettingStack.Level([:], unreadFile: "Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig")
        #expect(Self.platform([pods, .init(["SDKROOT": "watchos"])]) == .watchOS)
        let stack = BuildSettingStack(levels: [pods], targetName: "T", projectName: "P", configuration: "Release")
        #expect(stack.swiftSettings(source: "s").unread?.contains("Pods-App.debug.xcconfig") == true,
                "what CocoaPods does set stays unknown")
    }

    @Test func xcodeGenTakesThePlatformKey() throws {
        let spec = """
            name: P
            targets:
              Watch: {type: framework, platform: watchOS}
              Phone: {type: framework, platform: iOS, settings: {SDKROOT: iphoneos}}
              Both: {type: framework, platform: iOS, supportedDestinations: [iOS, macOS]}
              Auto: {type: framework, platform: auto}
            """
        let facts = XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(["project.yml": spec]))
        #expect(facts.targets.map { "\($0.name) \($0.platform.map(\.rawValue) ?? "-")" }.sorted()
                == ["Auto -", "Both -", "Phone iOS", "Watch watchOS"])
    }
}
