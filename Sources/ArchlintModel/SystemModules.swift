/// Modules that come with the toolchain and Apple's SDKs: no package supplies them. Used to tell which imports
/// could come from a package whose modules archlint doesn't know; a name missing here only makes archlint more
/// careful (a product that might supply it isn't called unused).
public enum SystemModules {
    public static func contains(_ name: String) -> Bool {
        names.contains(name) || name.hasPrefix("_")
    }

    static let names: Set<String> = [
        // Toolchain
        "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
        "FoundationXML", "Dispatch", "Darwin", "Glibc", "Musl", "WinSDK", "ucrt", "Android", "CoreFoundation",
        "ObjectiveC", "XCTest", "Testing", "Observation", "Distributed", "RegexBuilder", "Synchronization",
        "Cxx", "CxxStdlib", "os", "OSLog", "PackageDescription", "PackagePlugin", "CompilerPluginSupport", "Builtin",
        "Combine", "SwiftUI", "SwiftData", "Charts", "StoreKit", "Security", "System", "libkern", "zlib", "sqlite3",
        "CommonCrypto", "CryptoKit", "MachO", "Network", "Accelerate", "simd", "XCTAutomationSupport",
        "StoreKitTest", "XCUIAutomation", "DeveloperToolsSupport", "SwiftUICore", "FoundationModels", "AlarmKit",
        "ImagePlayground", "WorkoutKit", "Spatial", "CompositorServices", "DockKit", 
        // UI
        "UIKit", "AppKit", "WatchKit", "Cocoa", "CarPlay", "TVUIKit", "TVServices", "TVMLKit", "SafariServices",
        "MessageUI", "Messages", "QuickLook", "QuickLookThumbnailing", "QuickLookUI", "PencilKit", "PDFKit",
        "PhotosUI", "Photos", "ContactsUI", "Contacts", "EventKit", "EventKitUI", "MapKit", "WidgetKit",
        "ActivityKit", "AppIntents", "Intents", "IntentsUI", "UserNotifications", "UserNotificationsUI",
        "NotificationCenter", "LinkPresentation", "AuthenticationServices",
        "LocalAuthentication", "LocalAuthenticationEmbeddedUI", "ClockKit", "WatchConnectivity", "TipKit",
        "Translation", "BackgroundAssets", "ManagedSettings", "ManagedSettingsUI", "FamilyControls",
        "DeviceActivity", "ExtensionFoundation", "ExtensionKit", "AppTrackingTransparency", "AdSupport",
        "AdServices", "iAd", "GameKit", "GameController", "GameplayKit", "SpriteKit", "SceneKit",
        "ReplayKit", "ARKit", "RealityKit", "RealityFoundation", "VisionKit", "Vision", "CoreML", "CreateML",
        "NaturalLanguage", "Speech", "SoundAnalysis", "JournalingSuggestions",
        // Media and graphics
        "AVFoundation", "AVKit", "AVFAudio", "AVRouting", "AudioToolbox", "AudioUnit", "CoreAudio", "CoreAudioKit",
        "CoreAudioTypes", "CoreMedia", "CoreMediaIO", "CoreVideo", "CoreImage", "CoreGraphics", "CoreText",
        "QuartzCore", "Quartz", "ImageIO", "ImageCaptureCore", "MediaPlayer", "MediaAccessibility",
        "MediaToolbox", "MusicKit", "ShazamKit", "Metal", "MetalKit", "MetalPerformanceShaders",
        "MetalPerformanceShadersGraph", "MetalFX", "ModelIO", "GLKit", "OpenGLES", "OpenGL", "OpenAL", "CoreHaptics",
        "VideoToolbox", "VideoSubscriberAccount", "ScreenCaptureKit", "ScreenTime",
        "UniformTypeIdentifiers", "CoreServices", "MobileCoreServices", "CoreTransferable", "SharedWithYou",
        "SharedWithYouCore", "GroupActivities", "PassKit", "Symbols",
        // Data and system
        "CoreData", "CloudKit", "CoreSpotlight", "CoreLocation", "CoreLocationUI", "CoreMotion", "CoreBluetooth",
        "CoreNFC", "CoreTelephony", "CoreWLAN", "HealthKit", "HealthKitUI", "HomeKit", "MatterSupport",
        "Matter", "ThreadNetwork", "NetworkExtension", "SystemConfiguration", "BackgroundTasks", "WebKit",
        "JavaScriptCore", "IOKit", "IOSurface", "Kernel", "DriverKit", "ServiceManagement",
        "FileProvider", "FileProviderUI", "CallKit", "PushKit", "PushToTalk",
        "IdentityLookup", "IdentityLookupUI", "DeviceCheck", "SafetyKit", "SensorKit", "CryptoTokenKit",
        "ExposureNotification", "ClassKit", "Social", "Accounts", "AddressBook", "AddressBookUI", "AssetsLibrary",
        "Twitter", "NearbyInteraction", "MultipeerConnectivity", "ExternalAccessory", "WeatherKit",
        "FinanceKit", "FinanceKitUI", "ProximityReader", "Accessibility", "AccessorySetupKit",
        "AppleArchive", "Compression", "DataDetection",
        "MailKit", "HomeKitUI", "LiveCommunicationKit", "BrowserEngineKit", "MarketplaceKit", "Cinematic",
        "AutomatedDeviceEnrollment", "OpenDirectory", "SecurityInterface",
        "Automator", "InputMethodKit", "ScriptingBridge", "AppleScriptObjC", "Carbon", "ApplicationServices",
        "Collaboration", "DiskArbitration", "Hypervisor", "Virtualization", "GSS", "Kerberos", "LDAP", "PCSC",
        "CoreMIDI", "CoreMIDIServer", "DiscRecording", "ICADevices", "InstantMessage", "SyncServices",
        "ExecutionPolicy", "EndpointSecurity", "SystemExtensions", "NetFS", "vmnet", "SwiftOnoneSupport",
    ]
}
