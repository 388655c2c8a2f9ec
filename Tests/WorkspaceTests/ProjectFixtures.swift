/// Hand-written project files for the Workspace stage's project tests.
enum ProjectFixtures {
    /// `App.xcodeproj` at the root: an app and its widget extension that both compile `Shared/Shared.swift`;
    /// the widget owns the synchronized folder `Widget` except `Old/Legacy.swift`, and the app's exception set
    /// adds `Widget/Model/Entry.swift` to the app; a framework with no Swift files; an aggregate target; and a
    /// unit-test target that lists a file that doesn't exist.
    static let appProject = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		B2 = {isa = PBXBuildFile; fileRef = F2; };
        		B3 = {isa = PBXBuildFile; fileRef = F2; };
        		B4 = {isa = PBXBuildFile; fileRef = F3; };
        		B5 = {isa = PBXBuildFile; fileRef = F4; };
        		F1 = {isa = PBXFileReference; path = AppDelegate.swift; sourceTree = "<group>"; };
        		F2 = {isa = PBXFileReference; path = "Shared/Shared.swift"; sourceTree = SOURCE_ROOT; };
        		F3 = {isa = PBXFileReference; path = AppTests.swift; sourceTree = "<group>"; };
        		F4 = {isa = PBXFileReference; path = Gone.swift; sourceTree = "<group>"; };
        		G0 = {isa = PBXGroup; children = (G1, G2, S1, ); sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (F1, ); path = App; sourceTree = "<group>"; };
        		G2 = {isa = PBXGroup; children = (F3, F4, ); path = AppTests; sourceTree = "<group>"; };
        		S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); path = Widget; sourceTree = "<group>"; };
        		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( "Old/Legacy.swift", ); target = T2; };
        		E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( "Model/Entry.swift", ); target = T1; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, ); };
        		PH2 = {isa = PBXSourcesBuildPhase; files = (B3, ); };
        		PH3 = {isa = PBXSourcesBuildPhase; files = (B4, B5, ); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (PH1, ); name = App; productType = "com.apple.product-type.application"; };
        		T2 = {isa = PBXNativeTarget; buildPhases = (PH2, ); fileSystemSynchronizedGroups = (S1, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        		T3 = {isa = PBXNativeTarget; buildPhases = (); name = Resources; productType = "com.apple.product-type.framework"; };
        		T4 = {isa = PBXNativeTarget; buildPhases = (PH3, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        		T5 = {isa = PBXAggregateTarget; buildPhases = (); name = Lint; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, T2, T3, T4, T5, ); };
        	};
        	rootObject = R0;
        }
        """

    /// The Swift files `appProject` refers to (and a few it doesn't).
    static let appFiles: [String: String] = [
        "App.xcodeproj/project.pbxproj": appProject,
        "App/AppDelegate.swift": "import UIKit\n",
        "Shared/Shared.swift": "struct Shared {}\n",
        "Widget/Widget.swift": "import WidgetKit\n",
        "Widget/Model/Entry.swift": "struct Entry {}\n",
        "Widget/Old/Legacy.swift": "struct Legacy {}\n",
        "AppTests/AppTests.swift": "import XCTest\n",
    ]

    /// A project with one app target compiling `Sources/Main.swift` next to the project.
    static func singleTargetProject(target: String, file: String = "Main.swift", group: String = "Sources") -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 56;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = F1; };
        		F1 = {isa = PBXFileReference; path = \(file); sourceTree = "<group>"; };
        		G0 = {isa = PBXGroup; children = (G1, ); sourceTree = "<group>"; };
        		G1 = {isa = PBXGroup; children = (F1, ); path = \(group); sourceTree = "<group>"; };
        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        		T1 = {isa = PBXNativeTarget; buildPhases = (PH1, ); name = \(target); productType = "com.apple.product-type.application"; };
        		R0 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (T1, ); };
        	};
        	rootObject = R0;
        }
        """
    }

    /// An XcodeGen spec with a framework and its tests.
    static let spec = """
        name: Kit
        targets:
          KitCore:
            type: framework
            platform: iOS
            sources: [Sources]
          KitCoreTests:
            type: bundle.unit-test
            platform: iOS
            sources:
              - path: Tests
            dependencies:
              - target: KitCore
        """
}
