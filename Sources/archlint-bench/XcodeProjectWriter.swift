import Foundation

/// Writes a `project.pbxproj` as Xcode 16 writes one: sections in Xcode's order, 24-hex object ids, one group
/// per target folder, a Sources phase per target, target dependencies through container item proxies, and
/// package products of local packages.
struct XcodeProjectWriter {
    struct Target {
        var name: String
        /// `application`, `framework`, `bundle.unit-test`, … (after `com.apple.product-type.`).
        var productType: String
        /// The folder holding the target's files, relative to the project's folder.
        var directory: String
        /// Files relative to `directory`.
        var files: [String]
        var targetDependencies: [String] = []
        /// (product, local package folder relative to the project's folder)
        var packageProducts: [(product: String, package: String)] = []
    }

    let name: String
    let targets: [Target]

    private struct IDs {
        private var next: UInt64 = 0
        /// Xcode's ids: random-looking high bits, a counter, and a per-user suffix.
        mutating func make() -> String {
            next += 1
            let mixed = (next &* 0x9E37_79B9_7F4A_7C15) >> 32
            return hex(mixed, 8) + hex(0x2CF0_0000 + next, 8) + "00A1C3E5"
        }

        private func hex(_ value: UInt64, _ width: Int) -> String {
            let digits = String(value & ((1 << (4 * UInt64(width))) - 1), radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }

    func text() -> String {
        var ids = IDs()
        let projectID = ids.make(), mainGroupID = ids.make(), productsGroupID = ids.make()
        let projectConfigurations = ids.make(), projectDebug = ids.make()
        var buildFiles: [String] = [], fileReferences: [String] = [], groups: [String] = []
        var nativeTargets: [String] = [], sourcesPhases: [String] = [], frameworksPhases: [String] = []
        var proxies: [String] = [], dependencies: [String] = [], configurations: [String] = []
        var configurationLists: [String] = [], productDependencies: [String] = []
        var mainChildren: [String] = [], productChildren: [String] = [], targetIDs: [String] = []

        var packageIDs: [String: String] = [:]
        for package in Set(targets.flatMap { $0.packageProducts.map(\.package) }).sorted() { packageIDs[package] = ids.make() }
        var targetIDByName: [String: String] = [:]
        for target in targets { targetIDByName[target.name] = ids.make() }

        for target in targets {
            let targetID = targetIDByName[target.name]!
            targetIDs.append("\t\t\t\t\(targetID) /* \(target.name) */,")
            let groupID = ids.make()
            mainChildren.append("\t\t\t\t\(groupID) /* \(target.name) */,")
            var groupChildren: [String] = [], phaseFiles: [String] = [], linkFiles: [String] = []
            for file in target.files {
                let fileID = ids.make(), buildID = ids.make()
                let base = file.split(separator: "/").last.map(String.init) ?? file
                fileReferences.append("\t\t\(fileID) /* \(base) */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \(quoted(file)); sourceTree = \"<group>\"; };")
                buildFiles.append("\t\t\(buildID) /* \(base) in Sources */ = {isa = PBXBuildFile; fileRef = \(fileID) /* \(base) */; };")
                groupChildren.append("\t\t\t\t\(fileID) /* \(base) */,")
                phaseFiles.append("\t\t\t\t\(buildID) /* \(base) in Sources */,")
            }
            groups.append(group(groupID, target.name, path: target.directory, children: groupChildren))

            let productID = ids.make()
            let productFile = target.name + "." + productExtension(target.productType)
            fileReferences.append("\t\t\(productID) /* \(productFile) */ = {isa = PBXFileReference; explicitFileType = \(quoted(explicitType(target.productType))); includeInIndex = 0; path = \(quoted(productFile)); sourceTree = BUILT_PRODUCTS_DIR; };")
            productChildren.append("\t\t\t\t\(productID) /* \(productFile) */,")

            var productReferences: [String] = []
            for (product, package) in target.packageProducts {
                let dependencyID = ids.make(), buildID = ids.make()
                productDependencies.append("\t\t\(dependencyID) /* \(product) */ = {\n\t\t\tisa = XCSwiftPackageProductDependency;\n\t\t\tpackage = \(packageIDs[package]!) /* XCLocalSwiftPackageReference \"\(package)\" */;\n\t\t\tproductName = \(quoted(product));\n\t\t};")
                buildFiles.append("\t\t\(buildID) /* \(product) in Frameworks */ = {isa = PBXBuildFile; productRef = \(dependencyID) /* \(product) */; };")
                linkFiles.append("\t\t\t\t\(buildID) /* \(product) in Frameworks */,")
                productReferences.append("\t\t\t\t\(dependencyID) /* \(product) */,")
            }

            var dependencyReferences: [String] = []
            for other in target.targetDependencies {
                guard let otherID = targetIDByName[other] else { continue }
                let proxyID = ids.make(), dependencyID = ids.make()
                proxies.append("\t\t\(proxyID) /* PBXContainerItemProxy */ = {\n\t\t\tisa = PBXContainerItemProxy;\n\t\t\tcontainerPortal = \(projectID) /* Project object */;\n\t\t\tproxyType = 1;\n\t\t\tremoteGlobalIDString = \(otherID);\n\t\t\tremoteInfo = \(quoted(other));\n\t\t};")
                dependencies.append("\t\t\(dependencyID) /* PBXTargetDependency */ = {\n\t\t\tisa = PBXTargetDependency;\n\t\t\ttarget = \(otherID) /* \(other) */;\n\t\t\ttargetProxy = \(proxyID) /* PBXContainerItemProxy */;\n\t\t};")
                dependencyReferences.append("\t\t\t\t\(dependencyID) /* PBXTargetDependency */,")
            }

            let sourcesID = ids.make(), frameworksID = ids.make(), listID = ids.make(), debugID = ids.make()
            sourcesPhases.append(phase(sourcesID, "PBXSourcesBuildPhase", "Sources", phaseFiles))
            frameworksPhases.append(phase(frameworksID, "PBXFrameworksBuildPhase", "Frameworks", linkFiles))
            configurations.append("\t\t\(debugID) /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tPRODUCT_BUNDLE_IDENTIFIER = \(quoted("com.example." + target.name));\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSWIFT_VERSION = 6.0;\n\t\t\t};\n\t\t\tname = Debug;\n\t\t};")
            configurationLists.append(configurationList(listID, "PBXNativeTarget \"\(target.name)\"", debugID))
            nativeTargets.append("""
                \t\t\(targetID) /* \(target.name) */ = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(listID) /* Build configuration list for PBXNativeTarget "\(target.name)" */;
                \t\t\tbuildPhases = (
                \t\t\t\t\(sourcesID) /* Sources */,
                \t\t\t\t\(frameworksID) /* Frameworks */,
                \t\t\t);
                \t\t\tbuildRules = (
                \t\t\t);
                \t\t\tdependencies = (
                \(lines(dependencyReferences))\t\t\t);
                \t\t\tname = \(quoted(target.name));
                \t\t\tpackageProductDependencies = (
                \(lines(productReferences))\t\t\t);
                \t\t\tproductName = \(quoted(target.name));
                \t\t\tproductReference = \(productID) /* \(productFile) */;
                \t\t\tproductType = "com.apple.product-type.\(target.productType)";
                \t\t};
                """)
        }
        mainChildren.append("\t\t\t\t\(productsGroupID) /* Products */,")
        groups.insert("\t\t\(mainGroupID) = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(lines(mainChildren))\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};", at: 0)
        groups.append("\t\t\(productsGroupID) /* Products */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(lines(productChildren))\t\t\t);\n\t\t\tname = Products;\n\t\t\tsourceTree = \"<group>\";\n\t\t};")
        configurations.insert("\t\t\(projectDebug) /* Debug */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tSDKROOT = iphoneos;\n\t\t\t};\n\t\t\tname = Debug;\n\t\t};", at: 0)
        configurationLists.insert(configurationList(projectConfigurations, "PBXProject \"\(name)\"", projectDebug), at: 0)
        let packageReferences = packageIDs.sorted { $0.key < $1.key }.map { package, id in
            "\t\t\(id) /* XCLocalSwiftPackageReference \"\(package)\" */ = {\n\t\t\tisa = XCLocalSwiftPackageReference;\n\t\t\trelativePath = \(quoted(package));\n\t\t};"
        }
        let packageList = packageIDs.sorted { $0.key < $1.key }.map {
            "\t\t\t\t\($0.value) /* XCLocalSwiftPackageReference \"\($0.key)\" */,"
        }
        let project = """
            \t\t\(projectID) /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tbuildConfigurationList = \(projectConfigurations) /* Build configuration list for PBXProject "\(name)" */;
            \t\t\tdevelopmentRegion = en;
            \t\t\thasScannedForEncodings = 0;
            \t\t\tknownRegions = (
            \t\t\t\ten,
            \t\t\t\tBase,
            \t\t\t);
            \t\t\tmainGroup = \(mainGroupID);
            \t\t\tpackageReferences = (
            \(lines(packageList))\t\t\t);
            \t\t\tpreferredProjectObjectVersion = 77;
            \t\t\tproductRefGroup = \(productsGroupID) /* Products */;
            \t\t\tprojectDirPath = "";
            \t\t\tprojectRoot = "";
            \t\t\ttargets = (
            \(lines(targetIDs))\t\t\t);
            \t\t};
            """
        var text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 77;\n\tobjects = {\n"
        for (section, entries) in [
            ("PBXBuildFile", buildFiles), ("PBXContainerItemProxy", proxies), ("PBXFileReference", fileReferences),
            ("PBXFrameworksBuildPhase", frameworksPhases), ("PBXGroup", groups), ("PBXNativeTarget", nativeTargets),
            ("PBXProject", [project]), ("PBXSourcesBuildPhase", sourcesPhases), ("PBXTargetDependency", dependencies),
            ("XCBuildConfiguration", configurations), ("XCConfigurationList", configurationLists),
            ("XCLocalSwiftPackageReference", packageReferences), ("XCSwiftPackageProductDependency", productDependencies),
        ] where !entries.isEmpty {
            // Xcode sorts each section by object id.
            text += "\n/* Begin \(section) section */\n" + entries.sorted().joined(separator: "\n") + "\n/* End \(section) section */\n"
        }
        text += "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
        return text
    }

    private func group(_ id: String, _ name: String, path: String, children: [String]) -> String {
        "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(lines(children))\t\t\t);\n\t\t\tpath = \(quoted(path));\n\t\t\tsourceTree = \"<group>\";\n\t\t};"
    }

    private func phase(_ id: String, _ isa: String, _ name: String, _ files: [String]) -> String {
        "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = \(isa);\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\(lines(files))\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};"
    }

    private func configurationList(_ id: String, _ owner: String, _ debug: String) -> String {
        "\t\t\(id) /* Build configuration list for \(owner) */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t\(debug) /* Debug */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Debug;\n\t\t};"
    }

    private func lines(_ entries: [String]) -> String {
        entries.isEmpty ? "" : entries.joined(separator: "\n") + "\n"
    }

    private func productExtension(_ type: String) -> String {
        switch type {
        case "application": "app"
        case "framework": "framework"
        case "app-extension": "appex"
        default: "xctest"
        }
    }

    private func explicitType(_ type: String) -> String {
        switch type {
        case "application": "wrapper.application"
        case "framework": "wrapper.framework"
        case "app-extension": "wrapper.app-extension"
        default: "wrapper.cfbundle"
        }
    }

    /// Bare when Xcode writes it bare (letters, digits, `_$./`), quoted otherwise.
    private func quoted(_ text: String) -> String {
        let bare = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_$./".unicodeScalars.contains($0)
        }
        if bare { return text }
        return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
