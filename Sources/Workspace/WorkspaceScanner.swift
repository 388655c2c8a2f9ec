import ArchlintModel
import Configuration
import Foundation
import Manifests
import SwiftFacts
import SystemSupport

public enum ManifestMode: String, Sendable, CaseIterable {
    /// Read Package.swift with SwiftSyntax, never running it (default).
    case `static`
    /// Run `swift package dump-package` (executes manifest code; opt-in).
    case dump
}

/// What a long run is doing, for a progress display. Delivered on worker threads, in no particular order.
public enum ScanProgress: Sendable {
    /// One more Swift file of `total` was scanned (parsed or taken from the cache).
    case fileScanned(total: Int)
    /// A new phase started (`"mapping modules"`, `"building graphs"`, …).
    case phase(String)
}

public struct ScanOptions: Sendable {
    public var manifestMode: ManifestMode
    /// Base directory of the persistent cache; each root gets `<base>/<hash of its absolute path>/scan.cache`.
    /// nil: `$XDG_CACHE_HOME/archlint` (or `~/.cache/archlint`).
    public var cacheDirectory: String?
    public var useCache: Bool
    /// Follow symlinks whose target lies outside the root (off: they are skipped and counted).
    public var followExternalSymlinks: Bool
    /// Told about scanned files and phases (the CLI's progress line); nil: nobody listens.
    public var progress: (@Sendable (ScanProgress) -> Void)?
    /// When the root is a temporary copy of another tree (the base side of `archlint diff`): that tree's absolute
    /// path. Its cache is read, never written, so unchanged files reuse their facts by content hash.
    public var readOnlyCacheOf: String?
    /// Which files are parsed in full (the others are read for their imports only); `lint` asks for what its
    /// rules read (`ScanDemand.lint`), everything else for every file. Each demand has its own cache file.
    public var demand: ScanDemand = .everything
    /// Whether the root's volume tells names apart by case; nil asks the volume (`VolumeCase`). Tests set it.
    public var pathCase: PathCase?

    public init(
        manifestMode: ManifestMode = .static, cacheDirectory: String? = nil, useCache: Bool = true,
        followExternalSymlinks: Bool = false, progress: (@Sendable (ScanProgress) -> Void)? = nil
    ) {
        self.manifestMode = manifestMode
        self.cacheDirectory = cacheDirectory
        self.useCache = useCache
        self.followExternalSymlinks = followExternalSymlinks
        self.progress = progress
    }
}

public enum WorkspaceError: Error, Equatable, CustomStringConvertible {
    case rootNotFound(String)
    case rootNotADirectory(String)

    public var description: String {
        switch self {
        case .rootNotFound(let path): "no such file or directory: \(path)"
        case .rootNotADirectory(let path): "not a directory: \(path)"
        }
    }
}

/// Discovery and scanning of one root into a `WorkspaceModel`:
/// walk the tree → read manifests → scan Swift files in parallel (through the persistent cache) → map files to
/// modules → collect the pipeline's own diagnostics. The output is deterministic: every list is sorted, and a
/// cached run produces exactly the model an uncached run does.
///
/// **Discovery** (`DirectoryWalker`): paths relative to the root, `/`-separated. Skips `.build`, `.build-*`,
/// `.git`, `DerivedData`, `.swiftpm`, `node_modules` and resource catalogs (`*.xcassets`, `*.bundle`, …) silently,
/// and counts what it skips of `Pods`, `Carthage/Checkouts`, `.tuist-bin`, `Derived`, `*.xctemplate`, `{{placeholder}}` folders, `*.docc`,
/// template files (`___FILEBASENAME___.swift`) and symlinks leaving the root (`WorkspaceModel.skipped`), at any
/// depth, and the config's `exclude` globs (matched against files and directories). Follows symlinks inside the
/// root; a link back to one of its own ancestors is reported once as `unreadable-file` and not followed.
/// `Package@swift-*.swift` is neither a manifest nor a source. It also lists project files (`project.pbxproj`
/// of each `*.xcodeproj`, `contents.xcworkspacedata` of each `*.xcworkspace`, YAML files) and, in a Tuist
/// repository, sets Tuist's own `.swift` files apart (`TuistLayout`): read as manifests or ignored, never linted,
/// counted in `DiscoverySkips.tuistFiles`.
///
/// **Test fixtures** (`TestFixtureProjects`): once the manifests are read, a project folder inside a package's
/// test target or its `Tests/` folder is test data of those tests; it is skipped whole (Swift files, projects,
/// manifests) and counted in `DiscoverySkips.testFixtureProjects`.
///
/// **Projects** (`ProjectLoading`): every `*.xcodeproj`, `*.xcworkspace`, XcodeGen spec and (in a Tuist
/// repository) Tuist manifest, read in parallel through `WalkedFileSystem`; their targets become modules.
///
/// **Modules** (`ModuleMapper`): see its documentation. Target ids are `Package/Target` and `Project/Target`.
///
/// **Cache** (`ScanCache`): one file per root, `<cache dir>/<XXH64 of the root's real path>/scan.cache`, where
/// the cache dir is `ScanOptions.cacheDirectory`, else `$XDG_CACHE_HOME/archlint`, else `~/.cache/archlint`.
/// - A file's facts are reused without reading it when its stat key (size, inode, mtime and ctime in ns) equals
///   the recorded one and the record is not *racy*. A record is racy when the file changed less than 2 s before
///   the run that recorded it (a same-timestamp-tick edit could hide behind an unchanged stat key); racy and
///   stat-mismatched files are read and hashed (XXH64), and facts are reused when the content hash matches.
///   Facts are stored per content hash, so identical files share them and a reverted edit is a hit.
/// - Manifest facts are keyed by the manifest's content hash (salted by mode; failed dumps aren't cached).
/// - A project reader's reading (a project, spec, workspace or Tuist root) is kept with the questions the reader
///   asked of the tree and a digest of each answer (`RecordingFileSystem`). It is reused while every answer is
///   the same: the files it read are read and hashed again, but not parsed.
/// - The whole cache is discarded when its key differs: archlint version, `CacheKey.formatVersion`, the running
///   executable's size+mtime (a changed model is a rebuild), and a hash of the scan-relevant config (`exclude`,
///   `modules`, manifest mode).
/// - Integrity: magic, payload length and an XXH64 checksum of the payload; anything else is ignored and rebuilt.
///   Writes go to a unique temporary file renamed over the cache, so overlapping runs never see a torn file (the
///   last writer wins). Only files present in this run are kept. Unreadable files are never cached.
public struct WorkspaceScanner: Sendable {
    public var options: ScanOptions
    var manifestLoading: ManifestLoading
    /// The wall clock, in nanoseconds since the epoch; tests move it to decide which files count as racy.
    var clock: @Sendable () -> Int64 = currentTimeNanoseconds

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
        self.manifestLoading = .standard(options.manifestMode)
    }

    /// For tests: a custom `dump-package` reader.
    init(options: ScanOptions, dumpReader: @escaping ManifestLoading.DumpReader) {
        self.options = options
        self.manifestLoading = ManifestLoading(mode: options.manifestMode, dumpReader: dumpReader)
    }

    public func scan(root: String, configuration: ArchlintConfiguration) throws(WorkspaceError) -> WorkspaceModel {
        try scanWithStatistics(root: root, configuration: configuration).model
    }

    /// - Parameter probe: a walk of the same root with the same configuration (from `probe(root:configuration:)`),
    ///   reused instead of walking again.
    public func scanWithStatistics(
        root: String, configuration: ArchlintConfiguration, probe: TreeProbe? = nil
    ) throws(WorkspaceError) -> WorkspaceScan {
        let systemRoot = root.isEmpty ? "." : root
        switch FileStatus.of(systemRoot) {
        case .failure: throw .rootNotFound(root)
        case .success(let status) where status.kind != .directory: throw .rootNotADirectory(root)
        case .success: break
        }
        let scanStart = clock()
        let absoluteRoot = Self.absolutePath(systemRoot)
        var statistics = ScanStatistics()

        let tree = statistics.measure("walk") {
            if let probe, probe.root == root { return probe.tree }
            return DirectoryWalker(
                root: systemRoot, exclude: configuration.exclude, followExternalSymlinks: options.followExternalSymlinks,
                pathCase: options.pathCase
            ).walk()
        }

        let store = options.useCache
            ? CacheStore(
                baseDirectory: options.cacheDirectory, absoluteRoot: options.readOnlyCacheOf ?? absoluteRoot,
                fileName: CacheStore.fileName(for: options.demand))
            : nil
        let cacheKey = CacheKey.make(configuration: configuration, options: options)
        let (cache, cacheState) = statistics.measure("cache-load") { loadCache(store, key: cacheKey) }
        statistics.cacheState = cacheState
        statistics.cacheFile = store?.filePath

        let manifests = statistics.measure("manifests") {
            scanManifests(tree.manifests, cache: cache, useCache: store != nil, scanStart: scanStart)
        }
        // Each package is a project from here on: one shape for every reader.
        let rootName = Self.rootName(absoluteRoot)
        // A manifest that couldn't be read contributes its diagnostic but no package.
        let allPackages = manifests.compactMap(\.facts).map { ProjectFacts(package: $0, rootName: rootName) }
        // Projects that are test data of a package's tests are skipped whole, once the manifests say where tests are.
        let fixtures = TestFixtureProjects(packages: allPackages, tree: tree, spelling: WalkedSpelling(tree: tree))
        let scannedTree = fixtures.removing(from: tree)
        let manifestFacts = manifests.compactMap(\.facts).filter { !fixtures.contains($0.path) }
        let packages = allPackages.filter { !fixtures.contains($0.path) }
        let job = FileScanJob(cache: cache, useCache: store != nil, demand: options.demand, scanStartNanoseconds: scanStart)
        let files = scannedTree.swiftFiles
        statistics.filesDiscovered = files.count
        let statuses = scannedTree.swiftFileStatuses
        let progress = options.progress
        var outcomes = statistics.measure("files") {
            parallelMap(count: files.count) { index in
                let outcome = CrashContext.scanning(files[index].path) {
                    job.run(files[index], status: statuses[index])
                }
                progress?(.fileScanned(total: files.count))
                return outcome
            }
        }
        if !options.demand.isEverything {
            statistics.measure("relevance") { parseReachedFiles(&outcomes, files: files, job: job) }
            statistics.filesSkimmed = outcomes.count { $0.skimmed != nil }
        }
        progress?(.phase("reading projects"))

        // Stat before reading, as for manifests.
        let projectEntries = tree.projectInputs.map { TreeFingerprint.entry($0, nowNanoseconds: scanStart) }
        let projectFileSystem = WalkedFileSystem(
            systemRoot: systemRoot, tree: tree, followExternalSymlinks: options.followExternalSymlinks)
        let projects = statistics.measure("projects") {
            ProjectLoading(fileSystem: projectFileSystem, tuist: configuration.tuist, cache: cache, useCache: store != nil)
                .load(ProjectLoading.Inputs(tree: scannedTree))
        }
        statistics.projectsRead = projects.projects.count
        statistics.projectReadings = projects.readings.count
        statistics.projectReadingsReused = projects.readings.count(where: \.fromCache)
        // A project SwiftPM generated from a package read above mirrors it: the package speaks for it.
        let generated = GeneratedPackageProjects(projects: projects.projects, packages: packages)
        let existsOnDisk: @Sendable (String) -> Bool = { path in
            (try? FileStatus.of(RelativePath.systemPath(path, under: systemRoot)).get()) != nil
        }
        let redirected = generated.redirectingDependencies(in: projects.projects.filter { !generated.contains($0.path) })
        let references = ProjectReferences.resolve(
            redirected, all: packages + redirected, spelling: projectFileSystem.spelling.of, existsOnDisk: existsOnDisk)
        let readProjects = packages + references.projects
        let missingReferences = ProjectReferences.missingPackages(in: readProjects, existsOnDisk: existsOnDisk)
            + ProjectReferences.missingWorkspaceProjects(
                in: projects.workspaces, projects: readProjects, existsOnDisk: existsOnDisk,
                holdsFiles: { !projectFileSystem.files(under: $0).isEmpty })
        let checkouts = statistics.measure("checkouts") {
            PackageCheckouts(fileSystem: projectFileSystem).read(projects: readProjects)
        }
        let needleVersions = NeedleVersions(fileSystem: projectFileSystem).read(packages: packages)
        progress?(.phase("mapping modules"))

        let mapper = ModuleMapper(
            projects: readProjects, configuration: configuration,
            directories: tree.directories, rootName: rootName, spelling: projectFileSystem.spelling,
            existsOnDisk: existsOnDisk)
        let mapping = statistics.measure("mapping") { mapper.map(files: files.map(\.path)) }
        let moduleNames = Dictionary(uniqueKeysWithValues: mapping.modules.map { ($0.id, $0.name) })

        var diagnostics = tree.diagnostics + projects.diagnostics.filter { !generated.contains($0.location.file) } + mapping.diagnostics + needleVersions.diagnostics
            + (references.issues + missingReferences).map(PipelineDiagnostics.manifestUnresolved)
        for (file, manifest) in zip(tree.manifests, manifests) where !fixtures.contains(file.path) {
            diagnostics += manifest.diagnostics
            guard let facts = manifest.facts else { continue }
            diagnostics += facts.unresolved.map(PipelineDiagnostics.manifestUnresolved)
            diagnostics += PipelineDiagnostics.malformedSuppressions(facts.suppressionProblems, file: facts.path, module: nil)
        }
        var scannedFiles: [ScannedFile] = []
        scannedFiles.reserveCapacity(outcomes.count)
        let uncompiled = Set(mapping.uncompiledFiles)
        var skipped = tree.skipped
        skipped.uncompiledFiles = uncompiled.count
        skipped.testFixtureProjects = fixtures.folders.count
        skipped.generatedPackageProjects = generated.paths.count
        var fileDiagnostics: [String: [Diagnostic]] = [:]
        for outcome in outcomes {
            // One entry per module that compiles the file; its own diagnostics once, about the first module. A
            // file no target compiles (a synchronized folder's exception) is in no module, but what is wrong with
            // the file itself (syntax, encoding) is still said.
            let moduleIDs = uncompiled.contains(outcome.facts.path) ? [] : mapping.modulesOfFile[outcome.facts.path] ?? [""]
            for moduleID in moduleIDs { scannedFiles.append(ScannedFile(facts: outcome.facts, module: moduleID)) }
            let ownDiagnostics = Self.fileDiagnostics(outcome, module: moduleIDs.first.flatMap { moduleNames[$0] })
            if !ownDiagnostics.isEmpty {
                diagnostics += ownDiagnostics
                fileDiagnostics[outcome.facts.path] = ownDiagnostics
            }
            switch outcome.origin {
            case .statKeyHit: statistics.filesReusedByStatKey += 1
            case .contentHashHit: statistics.filesReusedByContentHash += 1
            case .parsed: statistics.filesParsed += 1
            case .rejected: statistics.filesRejected += 1
            }
        }
        statistics.manifestsRead = manifests.count { !$0.fromCache }
        statistics.manifestsReusedFromCache = manifests.count { $0.fromCache }

        if let store, options.readOnlyCacheOf == nil {
            statistics.cacheWritten = statistics.measure("cache-save") {
                saveCacheIfChanged(
                    store, key: cacheKey, previous: cache, files: files, outcomes: outcomes,
                    readings: manifests.compactMap(\.cached) + projects.readings)
            }
        }

        // `dump` mode reads manifests through the toolchain, which no stat key covers, and a project reader that
        // read a file of a kind the walk doesn't list can't vouch for it: no fingerprint then.
        let vouches = store != nil && options.manifestMode != .dump && !projectFileSystem.readUnfingerprintedFile
        let fingerprint = !vouches ? nil : TreeFingerprint.make(
            cacheKey: cacheKey, absoluteRoot: absoluteRoot, tree: tree,
            files: Self.fingerprintEntries(tree, scanned: files, outcomes: outcomes, nowNanoseconds: scanStart),
            manifests: manifests.map(\.fingerprintEntry), projectInputs: projectEntries)

        diagnostics.sort(by: Diagnostic.stableOrder)
        let allProjects = (readProjects + [mapping.configProject].compactMap { $0 }).sorted { $0.path < $1.path }
        let packageSuppressions = manifestFacts.filter { !$0.suppressions.isEmpty }.map {
            SuppressionComments(path: $0.path, comments: $0.suppressions)
        }
        var model = WorkspaceModel(
            root: root, projects: allProjects, modules: mapping.modules, files: scannedFiles, diagnostics: diagnostics,
            skipped: skipped, projectSuppressions: (packageSuppressions + projects.suppressions).sorted { $0.path < $1.path },
            packageCheckouts: checkouts)
        model.needleVersions = needleVersions.readings
        model.podspecs = tree.projectFiles.map(\.path).filter { CocoaPods.isPodspec(name: RelativePath.lastComponent($0)) }
        var inputs = ScannedInputs(
            sources: Set(files.map(\.path)), otherInputs: Set((tree.manifests + tree.projectInputs).map(\.path)),
            directories: tree.directories, fileDiagnostics: fileDiagnostics)
        inputs.demand = options.demand
        for outcome in outcomes { inputs.skimmed[outcome.facts.path] = outcome.skimmed }
        return WorkspaceScan(model: model, statistics: statistics, fingerprint: fingerprint, inputs: inputs)
    }

    /// The fingerprint entry of each of `tree.swiftFiles`: as scanned, or (a file in a skipped test fixture) as
    /// walked, so the fingerprint is the one `probe` takes of the same tree.
    static func fingerprintEntries(
        _ tree: DiscoveredTree, scanned: [DiscoveredFile], outcomes: [FileScanOutcome], nowNanoseconds: Int64
    ) -> [TreeFingerprint.Entry?] {
        let entries = outcomes.map { $0.cacheRow.map { TreeFingerprint.Entry(statKey: $0.statKey, isRacy: $0.isRacy) } }
        guard scanned.count != tree.swiftFiles.count else { return entries }
        let byPath = Dictionary(zip(scanned.map(\.path), entries), uniquingKeysWith: { first, _ in first })
        return zip(tree.swiftFiles, tree.swiftFileStatuses).map { file, status in
            if let entry = byPath[file.path] { return entry }
            return (try? status.get()).flatMap { TreeFingerprint.entry($0, nowNanoseconds: nowNanoseconds) }
        }
    }

    /// Parses in full every skimmed file the parsed ones reach by name (`TypeRelevance`), until none is left.
    private func parseReachedFiles(_ outcomes: inout [FileScanOutcome], files: [DiscoveredFile], job: FileScanJob) {
        var relevance = TypeRelevance(options.demand)
        var skimmed: [(index: Int, names: DeclarationNames)] = []
        for index in outcomes.indices {
            if let names = outcomes[index].skimmed { skimmed.append((index, names)) } else { relevance.add(outcomes[index].facts) }
        }
        let everything = FileScanJob(cache: job.cache, useCache: job.useCache, demand: .everything, scanStartNanoseconds: job.scanStartNanoseconds)
        while true {
            let reached = skimmed.filter { relevance.reaches($0.names) }.map(\.index)
            guard !reached.isEmpty else { return }
            let parsed = parallelMap(count: reached.count) { index in
                CrashContext.scanning(files[reached[index]].path) { everything.run(files[reached[index]]) }
            }
            for (index, outcome) in zip(reached, parsed) {
                outcomes[index] = outcome
                relevance.add(outcome.facts)
            }
            let done = Set(reached)
            skimmed.removeAll { done.contains($0.index) }
        }
    }

    /// What one scanned file says about itself (unreadable, syntax errors, too complex, malformed suppressions),
    /// about its first module: once per file, whichever modules compile it.
    static func fileDiagnostics(_ outcome: FileScanOutcome, module moduleName: String?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if var diagnostic = outcome.diagnostic {
            diagnostic.module = moduleName
            diagnostics.append(diagnostic)
        }
        if let diagnostic = PipelineDiagnostics.syntaxErrors(in: outcome.facts, module: moduleName) {
            diagnostics.append(diagnostic)
        }
        if let diagnostic = PipelineDiagnostics.tooComplex(in: outcome.facts, module: moduleName) {
            diagnostics.append(diagnostic)
        }
        diagnostics += PipelineDiagnostics.malformedSuppressions(in: outcome.facts, module: moduleName)
        return diagnostics
    }

    // MARK: Manifests

    struct ManifestOutcome: Sendable {
        /// nil when the manifest couldn't be read as text (then `diagnostics` says why).
        var facts: ManifestFacts?
        var diagnostics: [Diagnostic]
        var fromCache: Bool
        /// Cache key and encoded facts, for the next cache.
        var cacheKey: UInt64?
        var encoded: ArraySlice<UInt8>?
        /// The manifest's stat key as read, for the tree fingerprint.
        var fingerprintEntry: TreeFingerprint.Entry?

        var cached: CachedReading? {
            guard let cacheKey, let encoded else { return nil }
            return CachedReading(key: cacheKey, encoded: encoded, fromCache: fromCache)
        }
    }

    private func scanManifests(
        _ manifests: [DiscoveredFile], cache: ScanCache, useCache: Bool, scanStart: Int64
    ) -> [ManifestOutcome] {
        parallelMap(count: manifests.count) { index in
            // Stat before reading: a manifest edited in between records the older key, so the next run misses
            // instead of trusting a stale result.
            let entry = TreeFingerprint.entry(manifests[index], nowNanoseconds: scanStart)
            var outcome = CrashContext.scanning(manifests[index].path) {
                scanManifest(manifests[index], cache: cache, useCache: useCache)
            }
            outcome.fingerprintEntry = outcome.facts == nil ? nil : entry
            return outcome
        }
    }

    private func scanManifest(_ manifest: DiscoveredFile, cache: ScanCache, useCache: Bool) -> ManifestOutcome {
        let loading = manifestLoading
        let bytes: [UInt8]
        let text: String
        switch SourceText.readBytes(manifest.systemPath).flatMap(
            { read in SourceText.decode(read).map { (read, $0) } })
        {
        case .success(let (read, decoded)): (bytes, text) = (read, decoded)
        case .failure(let rejection):
            var diagnostic = PipelineDiagnostics.unreadable(manifest.path, rejection.message + "; its package is ignored")
            diagnostic.location.line = rejection.location.line
            diagnostic.location.column = rejection.location.column
            return ManifestOutcome(facts: nil, diagnostics: [diagnostic], fromCache: false)
        }
        let key = loading.cacheKey(contentHash: bytes.withUnsafeBytes { XXHash64.hash($0) })
        if useCache, let blob = cache.readingBlob(key), let facts = cache.manifestFacts(key: key, path: manifest.path) {
            return ManifestOutcome(facts: facts, diagnostics: [], fromCache: true, cacheKey: key, encoded: blob)
        }
        let packageDirectory = RelativePath.parent(manifest.systemPath)
        let (facts, diagnostics) = loading.load(source: text, path: manifest.path, packageSystemDirectory: packageDirectory)
        // Facts from a failed dump fell back to the static reader: don't cache them as dump results.
        let encoded = useCache && diagnostics.isEmpty ? (try? CompactBinaryCoder.encode(facts)).map { $0[...] } : nil
        return ManifestOutcome(facts: facts, diagnostics: diagnostics, fromCache: false, cacheKey: key, encoded: encoded)
    }

    // MARK: Cache

    private func loadCache(_ store: CacheStore?, key: String) -> (ScanCache, ScanStatistics.CacheState) {
        guard let store else { return (.empty, .disabled) }
        let bytes: [UInt8]
        switch store.readOutcome() {
        case .bytes(let read): bytes = read
        case .missing: return (.empty, .missing)
        case .unusable(let reason): return (.empty, .unusable(reason: reason))
        }
        do {
            let base = try ScanCache(bytes: bytes, expectedKey: key)
            // A delta counts only when written over exactly this base; anything else about it is ignored.
            if let deltaBytes = store.delta.read(),
               let delta = try? ScanCache(bytes: deltaBytes, expectedKey: ScanCache.deltaKey(key, baseChecksum: base.checksum)) {
                return (ScanCache(base: base, delta: delta), .loaded)
            }
            return (base, .loaded)
        } catch {
            return (.empty, .discarded(reason: "\(error)"))
        }
    }

    /// Writes the cache for the files, manifests and projects of this run (entries of vanished files are
    /// dropped), unless it would be identical to the loaded one.
    private func saveCacheIfChanged(
        _ store: CacheStore, key: String, previous: ScanCache, files: [DiscoveredFile], outcomes: [FileScanOutcome],
        readings: [CachedReading]
    ) -> Bool {
        // Cheap check first: a warm run with nothing changed must not pay for rebuilding the file.
        let filesChanged = outcomes.contains { $0.origin == .parsed || $0.origin == .contentHashHit }
            || outcomes.count { $0.cacheRow != nil } != previous.files.count
        let readingsChanged = readings.contains { !$0.fromCache } || Set(readings.map(\.key)).count != previous.readings.count
        guard filesChanged || readingsChanged else { return false }

        var rows: [ScanCache.FileRow] = []
        var facts: [(UInt64, ArraySlice<UInt8>)] = []
        var storedHashes: Set<UInt64> = []
        var changed = false
        for (file, outcome) in zip(files, outcomes) {
            guard let row = outcome.cacheRow else { continue }
            rows.append(ScanCache.FileRow(path: file.path, entry: row))
            if previous.files[file.path] != row { changed = true }
            guard storedHashes.insert(row.contentHash).inserted else { continue }
            if let encoded = outcome.encodedFacts {
                facts.append((row.contentHash, encoded[...]))
                changed = true
            } else if let blob = previous.factsBlob(row.contentHash) {
                facts.append((row.contentHash, blob))
            }
        }
        var readingBlobs: [(UInt64, ArraySlice<UInt8>)] = []
        var storedReadingKeys: Set<UInt64> = []
        for reading in readings where storedReadingKeys.insert(reading.key).inserted {
            readingBlobs.append((reading.key, reading.encoded))
            if !reading.fromCache { changed = true }
        }
        if rows.count != previous.files.count || facts.count != previous.facts.count
            || readingBlobs.count != previous.readings.count {
            changed = true
        }
        guard changed else { return false }
        if let base = previous.base ?? (previous.buffers.isEmpty ? nil : previous),
           let delta = Self.delta(over: base, rows: rows, facts: facts, readings: readingBlobs) {
            return store.delta.write(ScanCache.serialize(
                key: ScanCache.deltaKey(key, baseChecksum: base.checksum), files: delta.rows, facts: delta.facts,
                readings: delta.readings))
        }
        guard store.write(ScanCache.serialize(key: key, files: rows, facts: facts, readings: readingBlobs)) else { return false }
        store.delta.remove()
        return true
    }

    /// What changed since `base`, when writing only that is worth it: no file of the base vanished (a full
    /// rewrite drops them) and the change is small next to the base (at most an eighth of its size). A warm run
    /// after editing a few files then writes kilobytes instead of the whole cache.
    static func delta(
        over base: ScanCache, rows: [ScanCache.FileRow], facts: [(UInt64, ArraySlice<UInt8>)],
        readings: [(UInt64, ArraySlice<UInt8>)]
    ) -> (rows: [ScanCache.FileRow], facts: [(UInt64, ArraySlice<UInt8>)], readings: [(UInt64, ArraySlice<UInt8>)])? {
        let present = rows.count { base.files[$0.path] != nil }
        guard present == base.files.count else { return nil }
        let changedRows = rows.filter { base.files[$0.path] != $0.entry }
        let newFacts = facts.filter { base.facts[$0.0] == nil }
        // A project's reading keeps its key when it changes: compare the bytes.
        let newReadings = readings.filter { base.readingBlob($0.0) != $0.1 }
        let size = changedRows.count * 64 + newFacts.reduce(0) { $0 + $1.1.count } + newReadings.reduce(0) { $0 + $1.1.count }
        let baseSize = base.buffers.first?.count ?? 0
        guard size <= baseSize / 8 else { return nil }
        return (changedRows, newFacts, newReadings)
    }

    // MARK: Paths

    public static func absolutePath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// Names the module of files lying directly in the root: the root folder's own name.
    static func rootName(_ absoluteRoot: String) -> String {
        let name = RelativePath.lastComponent(absoluteRoot)
        return name.isEmpty ? "Root" : name
    }
}
