import ArchlintModel
import Testing

@testable import XcodeProjects

/// `Fixtures/test-hosts`: which app each test bundle runs in, as Xcode (`TEST_HOST`) and XcodeGen (an app
/// dependency of a unit-test target) decide it.
struct TestHostsTests {
    private let repository = FixtureRepository("test-hosts")

    private func hosts(_ facts: ProjectFacts) -> [String: String?] {
        Dictionary(uniqueKeysWithValues: facts.targets.map { ($0.name, $0.testHost) })
    }

    @Test func xcodeTestHostNamesTheAppBuildingThatBundle() {
        let facts = repository.xcodeProject("App.xcodeproj")
        // `TEST_HOST = $(BUILT_PRODUCTS_DIR)/My App.app/My App`: App's PRODUCT_NAME is `My App`. AppTests declares
        // no dependency on App; LogicTests has no host; UITests depends on App but UI tests run out of process.
        #expect(hosts(facts) == ["App": nil, "Core": nil, "AppTests": "App", "LogicTests": nil, "UITests": nil])
    }

    @Test func xcodeGenUnitTestsRunInTheAppTheyDependOn() {
        let facts = XcodeGenSpecReader.read(specPath: "Gen/project.yml", fileSystem: repository)
        #expect(hosts(facts) == ["Viewer": nil, "Kit": nil, "ViewerTests": "Viewer", "KitTests": nil])
    }

    @Test func testHostPathsAreReadThroughTheSettingsStack() {
        func host(_ settings: [String: String]) -> String? {
            BuildSettingStack(levels: [.init(settings)], targetName: "T", projectName: "P", configuration: "Debug")
                .testHostBundle()
        }
        #expect(host(["TEST_HOST": "$(BUILT_PRODUCTS_DIR)/My App.app/My App"]) == "My App")
        #expect(host(["TEST_HOST": "$(BUILT_PRODUCTS_DIR)/Mac.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/Mac"]) == "Mac")
        #expect(host(["BUNDLE_LOADER": "$(BUILT_PRODUCTS_DIR)/$(HOST).app/$(HOST)", "HOST": "Host"]) == "Host")
        #expect(host(["TEST_HOST": "$(UNKNOWN)/App.app/App"]) == nil)
        #expect(host([:]) == nil)
    }

    /// safe-ios sets `TEST_HOST = $(BUILT_PRODUCTS_DIR)/$(APP_PRODUCT_NAME).app/…` with `APP_PRODUCT_NAME` in an
    /// xcconfig kept out of the repository: the test runs in an app, the one it depends on. Without `TEST_HOST`,
    /// a dependency on the app makes no host.
    @Test func aTestHostThatCantBeEvaluatedIsTheAppTheTestDependsOn() {
        func settings(_ values: [String: String]) -> BuildSettingStack {
            BuildSettingStack(levels: [.init(values)], targetName: "T", projectName: "P", configuration: "Debug")
        }
        var hosts = TestHosts()
        hosts.note(target: "App", type: .app, settings: settings(["PRODUCT_NAME": "$(APP_PRODUCT_NAME)"]))
        hosts.note(target: "AppTests", type: .unitTest, settings: settings([
            "TEST_HOST": "$(BUILT_PRODUCTS_DIR)/$(APP_PRODUCT_NAME).app/$(APP_PRODUCT_NAME)",
        ]))
        hosts.note(target: "LogicTests", type: .unitTest, settings: settings([:]))
        var targets = [
            ProjectTarget(name: "App", productTypeIdentifier: "com.apple.product-type.application", line: 1, column: 1),
            ProjectTarget(
                name: "AppTests", productTypeIdentifier: "com.apple.product-type.bundle.unit-test",
                dependencies: [.init(kind: .target, name: "App", line: 2, column: 1)], line: 2, column: 1),
            ProjectTarget(
                name: "LogicTests", productTypeIdentifier: "com.apple.product-type.bundle.unit-test",
                dependencies: [.init(kind: .target, name: "App", line: 3, column: 1)], line: 3, column: 1),
        ]
        hosts.assign(in: &targets)
        #expect(targets.map(\.testHost) == [nil, "App", nil])
    }

    @Test func tuistAndXcodeGenHostIsTheFirstUnconditionalAppDependency() {
        var targets = [
            ProjectTarget(name: "App", productTypeIdentifier: "com.apple.product-type.application", line: 1, column: 1),
            ProjectTarget(name: "Kit", productTypeIdentifier: "com.apple.product-type.framework", line: 2, column: 1),
            ProjectTarget(
                name: "AppTests", productTypeIdentifier: "com.apple.product-type.bundle.unit-test",
                dependencies: [.init(kind: .target, name: "Kit", line: 3, column: 1), .init(kind: .target, name: "App", line: 4, column: 1)],
                line: 3, column: 1),
            ProjectTarget(
                name: "AppUITests", productTypeIdentifier: "com.apple.product-type.bundle.ui-testing",
                dependencies: [.init(kind: .target, name: "App", line: 5, column: 1)], line: 5, column: 1),
        ]
        TestHosts.assignImplicitHosts(in: &targets)
        #expect(targets.map(\.testHost) == [nil, nil, "App", nil])
    }
}
