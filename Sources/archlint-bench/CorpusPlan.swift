/// The shape of a synthetic monorepo: packages, modules, features and the Needle component tree, decided from
/// the seed before any file is written.
struct CorpusPlan {
    struct Feature {
        var name: String
        var group: Int
        var isRIBs: Bool
        /// Index of the parent feature in the Needle tree; nil for children of the root (and for RIBs features).
        var parent: Int?
        var depth: Int
        /// Core modules the feature's implementation declares and imports.
        var coreDependencies: [String]
        var fileCount: Int
        var hasLongFile: Bool

        var module: String { "\(name)Feature" }
        var interface: String { "\(name)FeatureInterface" }
        var component: String { "\(name)Component" }
        var dependency: String { "\(name)Dependency" }
        var context: String { "\(name)Context" }
        var contextProperty: String { lowerFirst(name) + "Context" }
    }

    static let groupNames = ["Commerce", "Social", "Media", "Account", "Mobility", "Finance", "Travel", "Play"]
    static let featureStems = [
        "Home", "Search", "Profile", "Settings", "Cart", "Checkout", "Orders", "Wallet", "Rewards", "Coupons",
        "Gacha", "Inventory", "Catalog", "Product", "Reviews", "Feed", "Chat", "Friends", "Groups", "Events",
        "Stories", "Comments", "Alerts", "Messages", "Invites", "Player", "Library", "Playlists", "Downloads",
        "Podcasts", "Radio", "Camera", "Gallery", "Editor", "Stickers", "Login", "Signup", "Onboarding", "Account",
        "Security", "Privacy", "Billing", "Subscription", "Support", "Help", "Feedback", "Map", "Places", "Rides",
        "Delivery", "Tracking", "Restaurants", "Menu", "Booking", "Tickets", "Trips", "Weather", "News", "Sports",
        "Quiz",
    ]
    static let coreStems = [
        "Network", "Storage", "Analytics", "Logging", "UI", "Auth", "Media", "Location", "Payments", "Notifications",
        "Cache", "Crypto", "Sync", "Reachability", "Keychain", "Localization",
    ]
    static let serviceStems = [
        "Pricing", "Recommendation", "Experiment", "Search", "Upload", "Profile", "Session", "Consent", "Config",
        "Telemetry", "Ads", "Geo", "Catalog", "Inbox",
    ]
    /// What the root component provides: property name → type, and the core module declaring the type.
    static let rootProvisions: [(name: String, type: String, module: String)] = [
        ("apiClient", "APIClient", "NetworkCore"),
        ("analytics", "AnalyticsService", "AnalyticsCore"),
        ("imageLoader", "ImageLoading", "MediaCore"),
        ("sessionStore", "SessionStore", "AuthCore"),
        ("keyValueStore", "KeyValueStore", "StorageCore"),
        ("logger", "Logger", "LoggingCore"),
    ]

    var seed: UInt64
    var features: [Feature] = []
    var groups: [String] = []
    var coreModules: [String] = []
    var serviceModules: [String] = []
    var coreFileCount = 20
    var serviceFileCount = 12

    /// `scale` 1 gives about 4,000 files in about 150 modules.
    init(seed: UInt64, scale: Double) {
        self.seed = seed
        var random = SeededRandom(seed: seed)
        let featureCount = max(6, Int((60 * scale).rounded()))
        groups = Array(Self.groupNames.prefix(max(2, min(Self.groupNames.count, Int((4 * scale).rounded(.up))))))
        let coreCount = max(7, min(Self.coreStems.count, Int((10 * scale).rounded())))
        // The root's provisions need their modules; UICore comes along for views.
        coreModules = Array(Self.coreStems.prefix(coreCount)).map { "\($0)Core" }
        serviceModules = Array(Self.serviceStems.prefix(max(2, min(Self.serviceStems.count, Int((10 * scale).rounded())))))
            .map { "\($0)ServiceCore" }
        if scale < 0.5 {
            coreFileCount = 12
            serviceFileCount = 8
        }

        var needleIndices: [Int] = []
        for index in 0..<featureCount {
            let stem = Self.featureStems[index % Self.featureStems.count]
            let name = index < Self.featureStems.count ? stem : "\(stem)\(index / Self.featureStems.count + 1)"
            let group = index % groups.count
            let isRIBs = index % 3 == 2
            var parent: Int?
            var depth = 1
            if !isRIBs {
                // Parents come from an earlier feature of the same or a lower group, so composition roots
                // only import "downwards" and never form a module cycle.
                let candidates = needleIndices.filter { features[$0].group <= group && features[$0].depth < 5 }
                if needleIndices.count >= 4, !candidates.isEmpty, random.chance(0.8) {
                    let chosen = random.pick(candidates)
                    parent = chosen
                    depth = features[chosen].depth + 1
                }
                needleIndices.append(index)
            }
            let extraCore = random.sample(
                coreModules.filter { !["NetworkCore", "UICore", "AnalyticsCore"].contains($0) }, count: random.int(1...3))
            features.append(
                Feature(
                    name: name, group: group, isRIBs: isRIBs, parent: parent, depth: depth,
                    coreDependencies: ["NetworkCore", "UICore", "AnalyticsCore"] + extraCore,
                    fileCount: random.int(44...66), hasLongFile: index % 3 == 1))
        }
    }

    var needleFeatures: [Int] { features.indices.filter { !features[$0].isRIBs } }

    func children(of index: Int?) -> [Int] {
        features.indices.filter { !features[$0].isRIBs && features[$0].parent == index }
    }

    func compositionRoot(ofGroup group: Int) -> String { "\(groups[group])CompositionRoot" }

    /// Ancestors from the nearest upward (not including the root component).
    func ancestors(of index: Int) -> [Int] {
        var result: [Int] = []
        var current = features[index].parent
        while let parent = current {
            result.append(parent)
            current = features[parent].parent
        }
        return result
    }

    // Planted violations, chosen deterministically among the features.
    var missingDependencyFeature: Int { needleFeatures[needleFeatures.count / 2] }
    var ribsWithoutConformance: Int? { features.indices.first { features[$0].isRIBs } }
    var viewWithRouter: Int { 0 }
    var builderWithAnyView: Int { min(3, features.count - 1) }
    var crossFeatureImporter: Int { min(4, features.count - 1) }
    var undeclaredImporter: Int { min(5, features.count - 1) }
    var brokenFeature: Int { features.count - 1 }
}

func lowerFirst(_ text: String) -> String {
    guard let first = text.first else { return text }
    return first.lowercased() + text.dropFirst()
}
