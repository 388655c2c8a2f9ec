import ArchlintModel
import Foundation
import Manifests

/// Reads the manifests of the remote packages that the scanned manifests and projects depend on, where a build
/// left a checkout in the tree: `.build/checkouts` (SwiftPM), `SourcePackages/checkouts` (Xcode with a cloned
/// packages folder) and `Tuist/.build/checkouts`, beside the root, a manifest or a project. Discovery skips those
/// folders; only the manifests asked for are read (statically, never run), at most `maximumManifests`.
struct PackageCheckouts {
    static let maximumManifests = 256
    /// The checkout folders looked for in each directory that holds a manifest or a project.
    static let folders = [".build/checkouts", "SourcePackages/checkouts", "Tuist/.build/checkouts"]

    let fileSystem: WalkedFileSystem

    /// - Parameter projects: every scanned project, packages included.
    func read(projects: [ProjectFacts]) -> [PackageCheckout] {
        // Checkout folder names, as SwiftPM and Xcode spell them: the URL's last path component without `.git`.
        var wanted: Set<String> = []
        var productsWithoutPackage = false
        for project in projects {
            for package in project.packages where package.kind == .remote {
                wanted.insert(Self.folderName(ofURL: package.location))
            }
            // (A Package.swift names each product's package.)
            productsWithoutPackage = productsWithoutPackage || project.source != .swiftpm && project.targets.contains { target in
                target.dependencies.contains { $0.kind == .packageProduct && $0.package == nil }
            }
        }
        let bases = Set([""] + projects.map { RelativePath.parent($0.path) })
        var found: [String: PackageCheckout] = [:]
        var read = 0
        for base in bases.sorted() {
            for folder in Self.folders {
                guard let checkouts = RelativePath.join(base, folder), fileSystem.isUnwalkedDirectory(checkouts) else { continue }
                // A Tuist project names products without their package (`.external(name:)`): every checkout counts.
                var names = wanted
                if productsWithoutPackage { names.formUnion(fileSystem.unwalkedEntries(of: checkouts).prefix(Self.maximumManifests)) }
                for name in names.sorted() where found[name.lowercased()] == nil && read < Self.maximumManifests {
                    let path = checkouts + "/" + name + "/Package.swift"
                    guard let bytes = try? fileSystem.read(path).get() else { continue }
                    read += 1
                    let facts = ManifestReader.read(source: String(decoding: bytes, as: UTF8.self), path: path)
                    found[name.lowercased()] = PackageCheckout(
                        identity: name.lowercased(), manifest: path, products: facts.librarySupplies)
                }
            }
        }
        return found.values.sorted { $0.identity < $1.identity }
    }

    /// `https://github.com/firebase/firebase-ios-sdk.git` → `firebase-ios-sdk`.
    static func folderName(ofURL location: String) -> String {
        var last = location.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? location
        if last.lowercased().hasSuffix(".git") { last.removeLast(4) }
        if let colon = last.lastIndex(of: ":") { last = String(last[last.index(after: colon)...]) }
        return last
    }
}
