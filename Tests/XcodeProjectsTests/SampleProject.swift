/// A hand-written `project.pbxproj` in Xcode 16's layout: an app with a local package and a remote one, an
/// extension owning a synchronized folder with exceptions, a file compiled by both, a framework target linked by
/// the app, a unit-test target, and a dependency on a target of another project.
enum SampleProject {
    static let text = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXBuildFile section */
        		B1 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1 /* AppDelegate.swift */; };
        		B2 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* Shared.swift */; };
        		B3 /* Shared.swift in Sources */ = {isa = PBXBuildFile; fileRef = F2 /* Shared.swift */; };
        		B4 /* Core.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = P1 /* Core.framework */; };
        		B5 /* FeatureA in Frameworks */ = {isa = PBXBuildFile; productRef = PP1 /* FeatureA */; };
        		B6 /* Main.storyboard in Sources */ = {isa = PBXBuildFile; fileRef = F3; };
        		B7 /* Launch.storyboard in Sources */ = {isa = PBXBuildFile; fileRef = V1; };
        		B8 /* Core.swift in Sources */ = {isa = PBXBuildFile; fileRef = F5; };
        		B9 /* AppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F6; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        		F1 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		F2 /* Shared.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = "Shared/Shared.swift"; sourceTree = SOURCE_ROOT; };
        		F3 /* Main.storyboard */ = {isa = PBXFileReference; path = Main.storyboard; sourceTree = "<group>"; };
        		F4 /* Launch.storyboard */ = {isa = PBXFileReference; name = en; path = en.lproj/Launch.storyboard; sourceTree = "<group>"; };
        		F5 /* Core.swift */ = {isa = PBXFileReference; path = Core.swift; sourceTree = "<group>"; };
        		F6 /* AppTests.swift */ = {isa = PBXFileReference; path = "$(SRCROOT)/AppTests/AppTests.swift"; sourceTree = "<group>"; };
        		P1 /* Core.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = Core.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        		UIKit /* UIKit.framework */ = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        		OP /* Payments.xcodeproj */ = {isa = PBXFileReference; path = ../Payments/Payments.xcodeproj; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        		G0 = {isa = PBXGroup; children = (G1, G2, S1, OP, ); sourceTree = "<group>"; };
        		G1 /* App */ = {isa = PBXGroup; children = (F1, F3, V1, ); path = App; sourceTree = "<group>"; };
        		G2 /* Core */ = {isa = PBXGroup; children = (F5, ); name = "Core (virtual)"; path = Modules/Core; sourceTree = "<group>"; };
        		V1 /* Launch.storyboard */ = {isa = PBXVariantGroup; children = (F4, ); name = Launch.storyboard; sourceTree = "<group>"; };
        /* End PBXGroup section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        		S1 /* Widget */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E1, E2, ); path = Widget; sourceTree = "<group>"; };
        		E1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( Info.plist, "Old/Legacy.swift", ); target = T2 /* Widget */; };
        		E2 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = ( "Model/Entry.swift", ); target = T1 /* App */; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        		PH1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, B6, B7, ); };
        		PH2 = {isa = PBXFrameworksBuildPhase; files = (B4, B5, ); };
        		PH3 = {isa = PBXSourcesBuildPhase; files = (B3, ); };
        		PH4 = {isa = PBXSourcesBuildPhase; files = (B8, ); };
        		PH5 = {isa = PBXSourcesBuildPhase; files = (B9, ); };
        		PH6 = {isa = PBXShellScriptBuildPhase; shellScript = "needle generate"; };

        /* Begin PBXNativeTarget section */
        		T1 /* App */ = {isa = PBXNativeTarget; buildPhases = (PH6, PH1, PH2, ); dependencies = (D1, D2, D3, ); name = App; packageProductDependencies = (PP1, PP2, PP3, ); productName = App; productType = "com.apple.product-type.application"; };
        		T2 /* Widget */ = {isa = PBXNativeTarget; buildPhases = (PH3, ); fileSystemSynchronizedGroups = (S1, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
        		T3 /* Core */ = {isa = PBXNativeTarget; buildPhases = (PH4, ); name = Core; productName = Core; productReference = P1 /* Core.framework */; productType = "com.apple.product-type.framework"; };
        		T4 /* AppTests */ = {isa = PBXNativeTarget; buildPhases = (PH5, ); dependencies = (D4, ); name = AppTests; productType = "com.apple.product-type.bundle.unit-test"; };
        		T5 /* Lint */ = {isa = PBXAggregateTarget; buildPhases = (); name = Lint; };
        /* End PBXNativeTarget section */

        		D1 = {isa = PBXTargetDependency; target = T2 /* Widget */; targetProxy = X1; };
        		D2 = {isa = PBXTargetDependency; target = T3 /* Core */; targetProxy = X2; };
        		D3 = {isa = PBXTargetDependency; name = Payments; targetProxy = X3; };
        		D4 = {isa = PBXTargetDependency; target = T1 /* App */; targetProxy = X4; };
        		X3 = {isa = PBXContainerItemProxy; containerPortal = OP; proxyType = 1; remoteGlobalIDString = R9; remoteInfo = Payments; };
        		PP1 /* FeatureA */ = {isa = XCSwiftPackageProductDependency; package = LP; productName = FeatureA; };
        		PP2 /* Lottie */ = {isa = XCSwiftPackageProductDependency; package = RP; productName = Lottie; };
        		PP3 /* SwiftLint */ = {isa = XCSwiftPackageProductDependency; package = RP; productName = "plugin:SwiftLintPlugin"; };
        		LP = {isa = XCLocalSwiftPackageReference; relativePath = Packages/Features; };
        		RP = {isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/airbnb/lottie-spm"; requirement = {kind = upToNextMajorVersion; minimumVersion = 4.0.0; }; };
        		R0 /* Project object */ = {isa = PBXProject; mainGroup = G0; packageReferences = (RP, LP, ); projectDirPath = ""; targets = (T1, T2, T3, T4, T5, ); };
        	};
        	rootObject = R0 /* Project object */;
        }
        """
}
