import ArchlintModel

/// A digest of everything a scan reads from the file system, computed from stat keys alone: the walked
/// directories and the path and stat key of every Swift file, manifest and project file (see
/// `DiscoveredTree.projectInputs`), plus the scan's cache key (archlint
/// build, scan-relevant config) and the root. Two scans with the same fingerprint read the same bytes.
///
/// A fingerprint is only recorded for a tree in which nothing is *racy* (changed within
/// `ScanCache.racyWindowNanoseconds` of the scan) and every file could be read: a later edit then always
/// moves a stat key, so an equal fingerprint means an unchanged tree.
public struct TreeFingerprint: Hashable, Sendable, CustomStringConvertible {
    public var digest: UInt64

    public var description: String { digest.paddedHex }

    /// The stat key of one discovered file, and whether it was too recent to vouch for its content.
    struct Entry: Sendable {
        var statKey: StatKey
        var isRacy: Bool
    }

    /// nil when any entry is missing (unreadable) or racy. `projectInputs` are the entries of
    /// `tree.projectInputs`.
    static func make(
        cacheKey: String, absoluteRoot: String, tree: DiscoveredTree, files: [Entry?], manifests: [Entry?],
        projectInputs: [Entry?]
    ) -> TreeFingerprint? {
        var writer = ByteWriter(
            capacity: 64 * (files.count + manifests.count + projectInputs.count + tree.directories.count) + 256)
        writer.write(cacheKey)
        writer.write(absoluteRoot)
        writer.write(varint: UInt64(tree.directories.count))
        for directory in tree.directories.sorted() { writer.write(directory) }
        let kinds = [
            ("files", tree.swiftFiles, files), ("manifests", tree.manifests, manifests),
            ("projects", tree.projectInputs, projectInputs),
        ]
        for (kind, discovered, entries) in kinds {
            writer.write(kind)
            writer.write(varint: UInt64(discovered.count))
            for (file, entry) in zip(discovered, entries) {
                guard let entry, !entry.isRacy else { return nil }
                writer.write(file.path)
                writer.write(entry.statKey)
            }
        }
        // Walk findings (symlink loops, unreadable directories) are part of what the scan saw.
        writer.write(varint: UInt64(tree.diagnostics.count))
        for diagnostic in tree.diagnostics { writer.write("\(diagnostic.location.file):\(diagnostic.message)") }
        writer.write(tree.skipped.message ?? "")
        return TreeFingerprint(digest: writer.bytes.withUnsafeBytes { XXHash64.hash($0) })
    }

    /// Stats `file` now, for a fingerprint taken at `nowNanoseconds`.
    static func entry(_ file: DiscoveredFile, nowNanoseconds: Int64) -> Entry? {
        guard case .success(let status) = FileStatus.of(file.systemPath) else { return nil }
        return entry(status, nowNanoseconds: nowNanoseconds)
    }

    static func entry(_ status: FileStatus, nowNanoseconds: Int64) -> Entry? {
        guard status.kind == .regular else { return nil }
        return Entry(
            statKey: status.cacheKey,
            isRacy: status.lastChangeNanoseconds >= nowNanoseconds - ScanCache.racyWindowNanoseconds)
    }
}

/// A walk of a root plus its fingerprint, taken before deciding whether a stored result can be reused; a scan
/// that follows reuses the walk.
public struct TreeProbe: Sendable {
    /// nil when the tree can't vouch for itself (racy or unreadable files, caching disabled, `dump` mode).
    public var fingerprint: TreeFingerprint?
    let root: String
    /// With the `stat` of each Swift file, taken before anything was read: the scan reuses them.
    let tree: DiscoveredTree
}

extension WorkspaceScanner {
    /// Walks `root` and stats every file without reading any: the fingerprint a full scan of this tree would
    /// record. nil when the root isn't a readable directory (the scan then reports why).
    public func probe(root: String, configuration: ArchlintConfiguration) -> TreeProbe? {
        let systemRoot = root.isEmpty ? "." : root
        guard case .success(let status) = FileStatus.of(systemRoot), status.kind == .directory else { return nil }
        let now = clock()
        let tree = DirectoryWalker(
            root: systemRoot, exclude: configuration.exclude, followExternalSymlinks: options.followExternalSymlinks,
            pathCase: options.pathCase
        ).walk()
        guard options.useCache, options.manifestMode != .dump else {
            return TreeProbe(fingerprint: nil, root: root, tree: tree)
        }
        let fileEntries = tree.swiftFileStatuses.map { status in
            (try? status.get()).flatMap { TreeFingerprint.entry($0, nowNanoseconds: now) }
        }
        let manifestEntries = tree.manifests.map { TreeFingerprint.entry($0, nowNanoseconds: now) }
        let projectEntries = tree.projectInputs.map { TreeFingerprint.entry($0, nowNanoseconds: now) }
        let fingerprint = TreeFingerprint.make(
            cacheKey: CacheKey.make(configuration: configuration, options: options),
            absoluteRoot: Self.absolutePath(systemRoot), tree: tree, files: fileEntries, manifests: manifestEntries,
            projectInputs: projectEntries)
        return TreeProbe(fingerprint: fingerprint, root: root, tree: tree)
    }
}
