import ArchlintModel
import SystemSupport

/// What one scan (and the analysis after it) did: for benchmarks, tests and `lint --timings`. Not part of the model.
public struct ScanStatistics: Hashable, Sendable {
    public enum CacheState: Hashable, Sendable {
        /// `useCache` was false, or no cache directory could be determined.
        case disabled
        /// No cache file yet.
        case missing
        /// A valid cache was loaded.
        case loaded
        /// A cache file existed but was corrupt, truncated or written under another key; it was ignored.
        case discarded(reason: String)
        /// The cache path holds something that isn't a readable regular file (a FIFO, a symlink, a device, a huge
        /// file): it was ignored, the scan ran without it, and the next write replaces it. Worth a note.
        case unusable(reason: String)
    }

    /// Swift files found (manifests excluded).
    public var filesDiscovered = 0
    /// Files parsed with `FileScanner` this run.
    public var filesParsed = 0
    /// Files whose facts came from the cache because their stat key matched (not read at all).
    public var filesReusedByStatKey = 0
    /// Files read and hashed whose content hash matched cached facts.
    public var filesReusedByContentHash = 0
    /// Files that could not be read or decoded.
    public var filesRejected = 0
    /// Files read for their imports only: no enabled rule reads their declarations (`ScanDemand`).
    public var filesSkimmed = 0
    public var manifestsRead = 0
    public var manifestsReusedFromCache = 0
    /// Xcode projects, XcodeGen specs and Tuist projects read.
    public var projectsRead = 0
    /// Project readers' readings (of a project, a spec, a workspace or a Tuist root) kept in the cache, and of
    /// those how many were reused: every file their reader read read the same.
    public var projectReadings = 0
    public var projectReadingsReused = 0
    public var cacheState: CacheState = .disabled
    /// The cache file used, when caching is enabled.
    public var cacheFile: String?
    /// True when this run wrote a new cache file.
    public var cacheWritten = false
    /// True when `lint` reused the stored result of an unchanged tree (nothing was scanned).
    public var lintResultReused = false
    /// Wall-clock time of each phase, in order: `walk`, `cache-load`, `manifests`, `files`, `projects`,
    /// `mapping`,
    /// `cache-save`; `Analyzer` adds its own (probe, graphs, each rule).
    public var phaseTimes: [PhaseTime] = []

    public struct PhaseTime: Hashable, Sendable {
        public var phase: String
        public var seconds: Double

        public init(phase: String, seconds: Double) {
            self.phase = phase
            self.seconds = seconds
        }
    }

    /// Runs and times one phase; the phase is also what a crash report names (`CrashContext`).
    public mutating func measure<T, Failure: Error>(_ phase: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        CrashContext.setPhase(phase)
        let (value, seconds) = try timed(body)
        phaseTimes.append(PhaseTime(phase: phase, seconds: seconds))
        return value
    }

    public init() {}
}

/// What scanning a workspace produced: its model and the scan's statistics.
public struct WorkspaceScan: Sendable {
    public var model: WorkspaceModel
    public var statistics: ScanStatistics
    /// The tree this model was read from, when it can vouch for itself (see `TreeFingerprint`); nil without a
    /// cache, in `dump` manifest mode, or when a file was racy or unreadable.
    public var fingerprint: TreeFingerprint?
    /// What discovery found and each source said about itself: what `replacingSources` needs.
    public var inputs: ScannedInputs

    public init(
        model: WorkspaceModel, statistics: ScanStatistics, fingerprint: TreeFingerprint? = nil,
        inputs: ScannedInputs = ScannedInputs()
    ) {
        self.model = model
        self.statistics = statistics
        self.fingerprint = fingerprint
        self.inputs = inputs
    }
}

/// What a scan read from its tree, root-relative: enough to tell whether another version of the tree differs
/// only in the contents of some sources (`WorkspaceScan.replacingSources`).
public struct ScannedInputs: Sendable {
    /// The Swift files scanned as sources (not manifests, not Tuist's files).
    public var sources: Set<String> = []
    /// Everything else a reader read or may read: every `Package.swift`, project file, YAML file and Tuist file.
    public var otherInputs: Set<String> = []
    /// Every directory walked (the root is `""`).
    public var directories: Set<String> = []
    /// The diagnostics each source gave about itself (`unreadable-file`, `syntax-error`, …), by path; only
    /// sources that gave some.
    public var fileDiagnostics: [String: [Diagnostic]] = [:]
    /// What the scan parsed in full, and the declaration names of each file it read for its imports only.
    public var demand = ScanDemand.everything
    public var skimmed: [String: DeclarationNames] = [:]

    public init(
        sources: Set<String> = [], otherInputs: Set<String> = [], directories: Set<String> = [],
        fileDiagnostics: [String: [Diagnostic]] = [:]
    ) {
        self.sources = sources
        self.otherInputs = otherInputs
        self.directories = directories
        self.fileDiagnostics = fileDiagnostics
    }
}
