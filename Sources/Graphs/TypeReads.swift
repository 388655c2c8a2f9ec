import ArchlintModel
import Foundation

/// What readers of a `TypeIndex` looked at: the simple names they looked up (found or not) and the kinds of
/// declaration they went through one by one. The Needle analyses record into one (`TypeIndex.recording(into:)`),
/// so the next run can tell whether an edit can change anything they read: only a declaration of a kind read
/// whole, or of a name looked up, can (`AnalysisInputs.needleFiles`).
public final class TypeReads: @unchecked Sendable {
    private let lock = NSLock()
    /// Names looked up, and names of declarations a walk picked.
    private var names: Set<String> = []
    /// Kinds walked by header.
    private var kinds: Set<TypeDeclKind> = []
    private var everything = false

    public init() {}

    func read(name: String) {
        lock.lock()
        names.insert(name)
        lock.unlock()
    }

    func read(kind: TypeDeclKind) {
        lock.lock()
        kinds.insert(kind)
        lock.unlock()
    }

    func readEverything() {
        lock.lock()
        everything = true
        lock.unlock()
    }

    /// What has been read so far, in a stable order.
    public var snapshot: Snapshot {
        lock.lock()
        defer { lock.unlock() }
        return Snapshot(names: names.sorted(), kinds: kinds.sorted { $0.rawValue < $1.rawValue }, everything: everything)
    }

    /// A `TypeReads` as stored in the incremental state.
    public struct Snapshot: Codable, Hashable, Sendable {
        public var names: [String]
        public var kinds: [TypeDeclKind]
        /// Something went through every declaration whatever its kind (`TypeIndex.all`).
        public var everything: Bool

        public init(names: [String] = [], kinds: [TypeDeclKind] = [], everything: Bool = false) {
            self.names = names
            self.kinds = kinds
            self.everything = everything
        }

        /// Both records together.
        public func union(_ other: Snapshot) -> Snapshot {
            Snapshot(
                names: Set(names).union(other.names).sorted(),
                kinds: Set(kinds).union(other.kinds).sorted { $0.rawValue < $1.rawValue },
                everything: everything || other.everything)
        }

        /// Whether everything `other` read is read here too.
        public func covers(_ other: Snapshot) -> Bool {
            (everything || !other.everything) && Set(kinds).isSuperset(of: other.kinds)
                && Set(names).isSuperset(of: other.names)
        }

        /// The same, for asking about many declarations.
        public var coverage: Coverage { Coverage(names: Set(names), kinds: Set(kinds), everything: everything) }
    }

    /// How much of a declaration a reader could have seen.
    public enum Seen: Sendable {
        case nothing
        /// Its `TypeHeader`: its kind was walked, and it wasn't picked or looked up.
        case header
        /// All of it, members and position included.
        case everything
    }

    /// What readers saw of declarations.
    public struct Coverage: Sendable {
        var names: Set<String>
        var kinds: Set<TypeDeclKind>
        var everything: Bool

        public func seen(_ decl: TypeDecl) -> Seen {
            if everything || names.contains(TypeIndex.key(of: decl)) { return .everything }
            return kinds.contains(decl.kind) ? .header : .nothing
        }
    }
}
