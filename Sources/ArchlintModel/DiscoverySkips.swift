/// What discovery left out by default, counted so the summary can say so ("skipped 3 template files, 2 vendored
/// folders, 2 symlinks leaving the root"). SwiftPM's `.build`, VCS data, `node_modules` and resource catalogs other
/// than DocC are skipped silently; everything counted here could hold Swift files a reader might expect to be checked.
public struct DiscoverySkips: Codable, Hashable, Sendable {
    /// `*.xctemplate` folders (Xcode file and project templates) and folders named by a `{{placeholder}}`
    /// (cookiecutter-style module generators).
    public var templateFolders = 0
    /// `.swift` files whose name holds an Xcode template placeholder (`___FILEBASENAME___`, `___VARIABLE_…___`).
    public var templateFiles = 0
    /// Vendored copies of other code or tools: `Pods`, `Carthage/Checkouts`, `.tuist-bin`.
    public var vendoredFolders = 0
    /// Generated code: `Derived` folders (Tuist).
    public var generatedFolders = 0
    /// What Xcode and SwiftPM make beside the code: derived data (`DerivedData`, or any folder holding
    /// `Build/Intermediates.noindex`, as `-derivedDataPath build` makes), Xcode's package checkouts (`SourcePackages`:
    /// a folder holding `checkouts/` and `workspace-state.json`), `.swiftpm` and `Carthage/Build`.
    public var buildFolders = 0
    /// `*.docc` documentation catalogs.
    public var documentationCatalogs = 0
    /// Symlinks to a directory or a `.swift` file outside the analysed root (followed only on request).
    public var externalSymlinks = 0
    /// Tuist's own `.swift` files in a Tuist repository (`Project.swift`, `Workspace.swift`, `Tuist/`, plugins):
    /// read as manifests or ignored as tooling, never linted as app code.
    public var tuistFiles = 0
    /// Swift files in a target's Xcode 16 synchronized folder that every target leaves out (membership
    /// exceptions): Xcode never compiles them.
    public var uncompiledFiles = 0
    /// Folders of projects (Xcode, XcodeGen, Tuist, SwiftPM) that are test data of a package's own tests: inside a
    /// test target's directory or the package's `Tests/` folder (`TestFixtureProjects`).
    public var testFixtureProjects = 0
    /// Xcode projects `swift package generate-xcodeproj` made from a package that is read (`GeneratedPackageProjects`).
    public var generatedPackageProjects = 0

    public init() {}

    public var isEmpty: Bool { self == DiscoverySkips() }

    /// "skipped 3 template files, 2 vendored folders, …", or nil when nothing was skipped.
    public var message: String? {
        func count(_ value: Int, _ singular: String, _ plural: String) -> String? {
            value == 0 ? nil : "\(value) \(value == 1 ? singular : plural)"
        }
        var parts = [
            count(templateFolders, "template folder", "template folders"),
            count(templateFiles, "template file", "template files"),
            count(vendoredFolders, "vendored folder", "vendored folders"),
            count(generatedFolders, "generated folder", "generated folders"),
            count(buildFolders, "Xcode or SwiftPM build folder", "Xcode and SwiftPM build folders"),
            count(documentationCatalogs, "DocC catalog", "DocC catalogs"),
            count(tuistFiles, "Tuist manifest or tooling file", "Tuist manifest and tooling files"),
            count(uncompiledFiles, "Swift file no target compiles", "Swift files no target compiles"),
            count(testFixtureProjects, "project of a package's test data", "projects of packages' test data"),
            count(generatedPackageProjects, "Xcode project generated from its package", "Xcode projects generated from their packages"),
        ].compactMap { $0 }
        if let links = count(externalSymlinks, "symlink leaving the root", "symlinks leaving the root") {
            parts.append(links + " (--follow-external-symlinks follows them)")
        }
        return parts.isEmpty ? nil : "skipped " + parts.joined(separator: ", ")
    }
}
