import ArchlintModel

/// Which app a test bundle runs in (`ProjectTarget.testHost`). A reader notes what each target's build settings
/// say while it reads the targets, then `assign` names each test target's host among the project's apps.
public struct TestHosts {
    /// Test target name → the app bundle its `TEST_HOST`/`BUNDLE_LOADER` names.
    private var hostBundles: [String: String] = [:]
    /// Test targets whose settings set `TEST_HOST` (XcodeGen then adds no host of its own).
    private var explicit: Set<String> = []
    /// App bundle name → the first application target that builds it.
    private var appsByBundle: [String: String] = [:]
    /// Test targets whose `TEST_HOST` is set to what archlint can't evaluate (a variable of an xcconfig that isn't
    /// in the repository): they run in an app, and the app they depend on is the one Xcode's "Host Application" sets.
    private var unknownHosts: Set<String> = []

    public init() {}

    /// Notes what a target's settings say: the app it runs in, or for an app, the bundle names it builds
    /// (`PRODUCT_NAME` of the configuration read, the target's `productName`, its product file's name).
    mutating func note(target name: String, type: ModuleType, settings stack: BuildSettingStack, productNames: [String] = []) {
        if type.isTest {
            if stack.sets("TEST_HOST") { explicit.insert(name) }
            if let bundle = stack.testHostBundle() {
                hostBundles[name] = bundle
            } else if stack.sets("TEST_HOST"), stack.value(of: "TEST_HOST") == nil {
                unknownHosts.insert(name)
            }
        }
        guard type == .app else { return }
        for product in [stack.productName()].compactMap({ $0 }) + productNames where appsByBundle[product] == nil {
            appsByBundle[product] = name
        }
    }

    /// Sets `testHost` of each test target whose settings name an app this project builds (Xcode's rule), or
    /// whose `TEST_HOST` can't be evaluated and that depends on an app of this project.
    func assign(in targets: inout [ProjectTarget]) {
        for index in targets.indices where targets[index].type.isTest {
            guard let bundle = hostBundles[targets[index].name], let host = appsByBundle[bundle],
                  host != targets[index].name
            else { continue }
            targets[index].testHost = host
        }
        Self.assignImplicitHosts(in: &targets, only: unknownHosts)
    }

    /// XcodeGen's rule: settings first (`assign`), then a unit-test target whose settings don't set `TEST_HOST`
    /// runs in the first application target it depends on.
    func assignWithImplicitHosts(in targets: inout [ProjectTarget]) {
        assign(in: &targets)
        Self.assignImplicitHosts(in: &targets, skipping: explicit)
    }

    /// Tuist's and XcodeGen's implicit host: a unit-test target runs in the first application target of its
    /// project that it depends on.
    public static func assignImplicitHosts(in targets: inout [ProjectTarget], skipping: Set<String> = [], only: Set<String>? = nil) {
        let apps = Set(targets.filter { $0.type == .app }.map(\.name))
        guard !apps.isEmpty else { return }
        for index in targets.indices where targets[index].type == .unitTest && targets[index].testHost == nil
            && !skipping.contains(targets[index].name) && only.map({ $0.contains(targets[index].name) }) != false
        {
            targets[index].testHost = targets[index].dependencies.first {
                $0.kind == .target && $0.project == nil && $0.condition == nil && apps.contains($0.name)
            }?.name
        }
    }
}
