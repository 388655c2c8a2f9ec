import ArchlintModel
import Testing

@testable import XcodeProjects

/// Hostile project files of the shapes and sizes issue 37 lists (F14–F22), generated here: each is read within
/// its budget, says what it didn't read at the construct, and the rest is read.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct ReaderBudgetTests {
    /// A pbxproj around `objects` (each line one object), with `targets` listed by the project.
    private static func pbxproj(objects: [String], targets: [String]) -> [UInt8] {
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n"
        text += "\t\tROOT = {isa = PBXProject; mainGroup = G0; targets = (\(targets.joined(separator: ", ")), ); };\n"
        text += "\t\tG0 = {isa = PBXGroup; children = (); sourceTree = \"<group>\"; };\n"
        for object in objects { text += "\t\t\(object)\n" }
        text += "\t};\n\trootObject = ROOT;\n}\n"
        return Array(text.utf8)
    }

    // MARK: pbxproj

    @Test func twoHundredThousandTargetsAreCappedNotAHang() {  // F14: 31 MB
        let count = 200_000
        var objects: [String] = []
        objects.reserveCapacity(count + 1)
        objects.append("PH = {isa = PBXSourcesBuildPhase; files = (); };")
        for index in 0..<count {
            objects.append("T\(index) = {isa = PBXNativeTarget; buildPhases = (PH, ); dependencies = (); name = "
                + "Target\(index); productName = Target\(index); productType = \"com.apple.product-type.framework\"; };")
        }
        let bytes = Self.pbxproj(objects: objects, targets: (0..<count).map { "T\($0)" })
        #expect(bytes.count > 25_000_000)
        let facts = XcodeProjectReader.read(projectPath: "Big.xcodeproj", pbxproj: bytes)
        #expect(facts.targets.count == XcodeProjectReader.maximumTargets)
        #expect(facts.unreadTargets.count == 1)
        #expect(facts.issues.contains { $0.message.contains("more than \(XcodeProjectReader.maximumTargets) targets") })
    }

    /// `count` targets listing one phase `repeats` times; the phase lists one build file `fileRepeats` times.
    private static func repeatedPhase(isa: String, file: String, targets count: Int, repeats: Int, fileRepeats: Int)
        -> [UInt8]
    {
        let phases = Array(repeating: "PH", count: repeats).joined(separator: ",")
        let files = Array(repeating: "BF", count: fileRepeats).joined(separator: ",")
        var objects = [
            "PH = {isa = \(isa); files = (\(files)); };",
            "BF = {isa = PBXBuildFile; fileRef = FR; };",
            file,
        ]
        for index in 0..<count {
            objects.append("T\(index) = {isa = PBXNativeTarget; buildPhases = (\(phases)); name = App\(index); "
                + "productType = \"com.apple.product-type.application\"; };")
        }
        return Self.pbxproj(objects: objects, targets: (0..<count).map { "T\($0)" })
    }

    @Test func oneFrameworkListedThousandsOfTimesIsOneDependency() {  // F15: 12.8 KB
        let bytes = Self.repeatedPhase(
            isa: "PBXFrameworksBuildPhase",
            file: "FR = {isa = PBXFileReference; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };",
            targets: 10, repeats: 300, fileRepeats: 1_000)
        #expect(bytes.count < 16_000)
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: bytes)
        #expect(facts.targets.count == 10)
        for target in facts.targets {
            #expect(target.dependencies.map(\.name) == ["Core"])
            #expect(target.unreadDependencies.isEmpty)
        }
        #expect(facts.issues.isEmpty)
    }

    @Test func oneSourceListedThousandsOfTimesIsOneFile() {  // F16
        let bytes = Self.repeatedPhase(
            isa: "PBXSourcesBuildPhase",
            file: "FR = {isa = PBXFileReference; path = App.swift; sourceTree = SOURCE_ROOT; };",
            targets: 10, repeats: 300, fileRepeats: 1_000)
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: bytes)
        #expect(facts.targets.map(\.swiftSources) == Array(repeating: ["App.swift"], count: 10))
        #expect(facts.issues.isEmpty)
    }

    @Test func manySharedPhasesExhaustTheWorkBudgetWithAnIssue() {
        // 2,000 distinct Swift files in one phase that 2,000 targets list: 4,000,000 entries of work.
        var objects = ["PH = {isa = PBXSourcesBuildPhase; files = (\((0..<2_000).map { "B\($0)" }.joined(separator: ","))); };"]
        for index in 0..<2_000 {
            objects.append("B\(index) = {isa = PBXBuildFile; fileRef = F\(index); };")
            objects.append("F\(index) = {isa = PBXFileReference; path = F\(index).swift; sourceTree = SOURCE_ROOT; };")
            objects.append("T\(index) = {isa = PBXNativeTarget; buildPhases = (PH); name = T\(index); "
                + "productType = \"com.apple.product-type.framework\"; };")
        }
        let bytes = Self.pbxproj(objects: objects, targets: (0..<2_000).map { "T\($0)" })
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: bytes)
        #expect(facts.targets.count == 2_000)
        #expect(facts.targets.first?.swiftSources.count == 2_000)
        #expect(facts.targets.first?.unreadDependencies.isEmpty == true)
        #expect(facts.targets.last?.unreadDependencies.count == 1)
        #expect(facts.issues.filter { $0.message.contains("are not fully read") }.count == 1)
    }

    @Test func eightThousandSynchronizedFoldersAndTargets() {  // F17
        let count = 8_000
        var objects: [String] = []
        for index in 0..<count {
            objects.append("S\(index) = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E\(index)); "
                + "path = Folder\(index); sourceTree = \"<group>\"; };")
            objects.append("E\(index) = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; "
                + "membershipExceptions = (Info.plist, \"Base.lproj/Main.xib\", /Localized/Main.strings); "
                + "target = T\((index + 1) % count); };")
            objects.append("T\(index) = {isa = PBXNativeTarget; fileSystemSynchronizedGroups = (S\(index)); "
                + "name = T\(index); productType = \"com.apple.product-type.framework\"; };")
        }
        let bytes = Self.pbxproj(objects: objects, targets: (0..<count).map { "T\($0)" })
        let facts = XcodeProjectReader.read(projectPath: "App.xcodeproj", pbxproj: bytes)
        #expect(facts.targets.count == count)
        #expect(facts.targets[1].synchronizedFolders == [SynchronizedFolder(path: "Folder1", excluded: [])])
        // Another folder's exception set naming T1 adds its entries, localized resources left out.
        #expect(facts.targets[1].synchronizedAdditions == ["Folder0/Base.lproj/Main.xib", "Folder0/Info.plist"])
        #expect(facts.issues.isEmpty)
    }

    // MARK: XcodeGen

    @Test func specsIncludingTheNextTwiceAreEachReadOnce() {  // F18: 1.4 KB
        var files: [String: String] = [:]
        for index in 0..<20 {
            let name = index == 0 ? "project.yml" : "spec\(index).yml"
            let next = index < 19 ? "include: [spec\(index + 1).yml, spec\(index + 1).yml]\n" : ""
            files[name] = next + "targets:\n  App:\n    sources: [S\(index)]\n"
        }
        files["S0/A.swift"] = ""
        #expect(files.values.reduce(0) { $0 + $1.utf8.count } < 2_000)
        let facts =
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(files))
        #expect(facts.targets.map(\.name) == ["App"])
        #expect(facts.targets.first?.swiftSources == ["S0/A.swift"])
    }

    @Test func templateAttributesAreSubstitutedInOnePass() {  // F19: 877 bytes
        var attributes = ""
        for index in stride(from: 27, through: 1, by: -1) { attributes += "      a\(index): \"${a\(index - 1)}${a\(index - 1)}\"\n" }
        attributes += "      a0: x\n"
        let spec = """
            targetTemplates:
              Feature:
                type: framework
                settings:
                  PRODUCT_NAME: "${a27}"
            targets:
              Cart:
                templates: [Feature]
                templateAttributes:
            \(attributes)
            """
        let facts =
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(["project.yml": spec]))
        #expect(facts.targets.map(\.name) == ["Cart"])
        // `${a27}` becomes a27's text, which is never substituted again; as a build setting it names a setting
        // that is set nowhere, so the module name is said to be unknown.
        #expect(facts.targets.first?.moduleName == nil)
        #expect(facts.issues.map(\.message) == [
            "the module name of target `Cart` can't be known (`$(a26)` is set nowhere in the build settings archlint "
                + "reads (the project's and targets' settings and their xcconfig files), in its Release configuration): "
                + "archlint takes it to be `Cart`; imports of it may be misread",
        ])
    }

    @Test func tenThousandPlatformsAreCapped() {  // F20
        let platforms = (0..<10_000).map { "P\($0)" }.joined(separator: ", ")
        let spec = "targets:\n  App:\n    type: application\n    platform: [\(platforms)]\n    sources: [App]\n"
        let facts =
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(["project.yml": spec]))
        #expect(facts.targets.count == XcodeGenSpecReader.maximumPlatforms)
        #expect(facts.targets.first?.name == "App_P0")
        #expect(facts.targets.first?.moduleName == "App")
        #expect(facts.unreadTargets.count == 1)
    }

    @Test func oneTemplateListedFortyThousandTimesIsAppliedOnce() {  // F21
        let names = Array(repeating: "Feature", count: 40_000).joined(separator: ", ")
        let spec = """
            targetTemplates:
              Feature:
                type: framework
                sources: ["Features/${target_name}"]
            targets:
              Cart:
                templates: [\(names)]

            """
        let files = ["project.yml": spec, "Features/Cart/Cart.swift": ""]
        let facts =
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(files))
        #expect(facts.targets.first?.swiftSources == ["Features/Cart/Cart.swift"])
        #expect(facts.issues.isEmpty)
    }

    @Test func aLargeTemplateOnManyTargetsRunsOutOfBudgetWithAnIssue() {  // F22
        let sources = (0..<6_000).map { "      - Sources/S\($0).swift\n" }.joined()
        let targets = (0..<6_000).map { "  T\($0):\n    templates: [Big]\n" }.joined()
        let spec = "targetTemplates:\n  Big:\n    type: framework\n    sources:\n\(sources)targets:\n\(targets)"
        let facts =
            XcodeGenSpecReader.read(specPath: "project.yml", fileSystem: InMemoryFileSystem(["project.yml": spec]))
        #expect(facts.targets.count == 6_000)
        // Each missing source of the template is said once, not once per target.
        #expect(facts.issues.filter { $0.message.contains("doesn't exist") }.count == 6_000)
        #expect(facts.issues.filter { $0.message.contains("more than \(XcodeGenSpecReader.maximumNodes) values") }.count == 1)
        #expect(facts.unreadTargets.count == 1)
        #expect(facts.targets.last?.unreadDependencies.count == 1)
        #expect(facts.targets.first?.unreadDependencies.isEmpty == true)
    }
}
