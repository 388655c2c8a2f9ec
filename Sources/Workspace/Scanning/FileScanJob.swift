import ArchlintModel
import SwiftFacts

/// How one file's facts were obtained.
enum FactsOrigin: Sendable, Equatable {
    /// Stat key matched the cache: the file was not even read.
    case statKeyHit
    /// Read and hashed; the content hash matched cached facts.
    case contentHashHit
    /// Parsed with `FileScanner`.
    case parsed
    /// Could not be read or decoded; facts are empty and `diagnostic` says why.
    case rejected
}

/// The outcome of scanning one file.
struct FileScanOutcome: Sendable {
    var facts: FileFacts
    /// Set when the file was read for its imports only (see `FileReading.skimmed`).
    var skimmed: DeclarationNames?
    var origin: FactsOrigin
    var diagnostic: Diagnostic?
    /// What to store in the next cache (nil for rejected files: they are re-read every run).
    var cacheRow: CachedFileEntry?
    /// Freshly encoded facts for the next cache (nil when the cache already has this content hash).
    var encodedFacts: [UInt8]?
}

/// Scans one discovered file, consulting the loaded cache first. Pure apart from reading the file system.
struct FileScanJob: Sendable {
    let cache: ScanCache
    let useCache: Bool
    /// Which files are parsed in full.
    let demand: ScanDemand
    /// Start of this run; files changed after `scanStart - racyWindow` are recorded as racy.
    let scanStartNanoseconds: Int64

    /// - Parameter status: the file's `stat`, when already taken (by a probe, before anything was read).
    func run(_ file: DiscoveredFile, status known: Result<FileStatus, SystemError>? = nil) -> FileScanOutcome {
        let status: FileStatus
        switch known ?? FileStatus.of(file.systemPath) {
        case .success(let resolved): status = resolved
        case .failure(let error): return rejected(file.path, .unreadable(error.description))
        }
        let statKey = status.cacheKey
        if useCache, let entry = cache.files[file.path], !entry.isRacy, entry.statKey == statKey,
           let reading = cachedReading(entry.contentHash, file.path) {
            return FileScanOutcome(facts: reading.facts, skimmed: reading.skimmed, origin: .statKeyHit, cacheRow: entry)
        }
        let bytes: [UInt8]
        switch SourceText.readBytes(file.systemPath) {
        case .success(let read): bytes = read
        case .failure(let rejection): return rejected(file.path, rejection)
        }
        let contentHash = bytes.withUnsafeBytes { XXHash64.hash($0) }
        let row = CachedFileEntry(
            statKey: statKey,
            isRacy: status.lastChangeNanoseconds >= scanStartNanoseconds - ScanCache.racyWindowNanoseconds,
            contentHash: contentHash)
        if useCache, let reading = cachedReading(contentHash, file.path) {
            return FileScanOutcome(facts: reading.facts, skimmed: reading.skimmed, origin: .contentHashHit, cacheRow: row)
        }
        var outcome = Self.parse(bytes, path: file.path, demand: demand)
        guard outcome.origin == .parsed else { return outcome }
        let encoded = useCache
            ? try? CompactBinaryCoder.encode(FileReading(facts: outcome.facts, skimmed: outcome.skimmed)) : nil
        outcome.cacheRow = encoded == nil ? nil : row
        outcome.encodedFacts = encoded
        return outcome
    }

    /// The cached reading of this content, unless this job parses everything and the file was skimmed.
    private func cachedReading(_ contentHash: UInt64, _ path: String) -> FileReading? {
        guard let reading = cache.fileReading(contentHash: contentHash, path: path) else { return nil }
        return demand.isEverything && reading.skimmed != nil ? nil : reading
    }

    /// The file at `path` with these contents, decoded and read as `demand` asks (no cache, nothing stored):
    /// `.parsed`, or `.rejected` with the diagnostic saying why.
    static func parse(_ bytes: [UInt8], path: String, demand: ScanDemand = .everything) -> FileScanOutcome {
        let text: String
        switch SourceText.decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let rejection): return rejected(path, rejection)
        }
        var reading = FileScanner.read(source: text, path: path, demand: demand)
        reading.facts.path = path
        return FileScanOutcome(facts: reading.facts, skimmed: reading.skimmed, origin: .parsed)
    }

    private func rejected(_ path: String, _ rejection: SourceText.Rejection) -> FileScanOutcome {
        Self.rejected(path, rejection)
    }

    private static func rejected(_ path: String, _ rejection: SourceText.Rejection) -> FileScanOutcome {
        let location = rejection.location
        var diagnostic = PipelineDiagnostics.unreadable(path, rejection.message)
        diagnostic.location.line = location.line
        diagnostic.location.column = location.column
        return FileScanOutcome(facts: FileFacts(path: path), origin: .rejected, diagnostic: diagnostic)
    }
}
