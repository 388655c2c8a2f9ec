import ArchlintModel
import Foundation
import SystemSupport

/// `WalkedFileSystem` as one project reader sees it, writing down each question the reader asks and a digest of
/// the answer. A cached reading is reused when every question, asked again, gets the same answer
/// (`ProjectLoading`), so nobody keeps a list of the files a reader depends on.
final class RecordingFileSystem: ProjectFileSystem, @unchecked Sendable {
    /// One question and a digest of its answer.
    struct Question: Codable, Hashable, Sendable {
        enum Kind: UInt8, Codable, Sendable {
            /// `read`/`contents(of:)`: the bytes, or why there are none.
            case read
            case isDirectory
            /// `files(under:)`: the listing.
            case files
        }

        var kind: Kind
        var path: String
        var answer: UInt64
    }

    let walked: WalkedFileSystem
    private let lock = NSLock()
    private var asked: [Question] = []
    /// A question asked again (a helper every manifest reads) is kept once: it gets the same answer.
    private var askedBefore: Set<String> = []

    init(_ walked: WalkedFileSystem) {
        self.walked = walked
    }

    /// The questions asked so far, in order.
    var questions: [Question] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }

    var pathCase: PathCase { walked.pathCase }

    func read(_ path: String) -> Result<[UInt8], RegularFile.Failure> {
        let result = walked.read(path)
        record(.read, path, Self.digest(result))
        return result
    }

    func contents(of path: String) -> [UInt8]? {
        try? read(path).get()
    }

    func isDirectory(_ path: String) -> Bool {
        let answer = walked.isDirectory(path)
        record(.isDirectory, path, answer ? 1 : 0)
        return answer
    }

    func files(under directory: String) -> [String] {
        let listing = walked.files(under: directory)
        record(.files, directory, Self.digest(listing))
        return listing
    }

    /// Whether `walked` still gives every one of `questions` the answer it gave when they were recorded.
    static func sameAnswers(_ questions: [Question], in walked: WalkedFileSystem) -> Bool {
        questions.allSatisfy { question in
            switch question.kind {
            case .read: digest(walked.read(question.path)) == question.answer
            case .isDirectory: (walked.isDirectory(question.path) ? 1 : 0) == question.answer
            case .files: digest(walked.files(under: question.path)) == question.answer
            }
        }
    }

    private func record(_ kind: Question.Kind, _ path: String, _ answer: UInt64) {
        lock.lock()
        if askedBefore.insert("\(kind.rawValue) \(path)").inserted {
            asked.append(Question(kind: kind, path: path, answer: answer))
        }
        lock.unlock()
    }

    private static func digest(_ result: Result<[UInt8], RegularFile.Failure>) -> UInt64 {
        switch result {
        case .success(let bytes): bytes.withUnsafeBytes { XXHash64.hash($0) }
        // Seeded apart from file contents: a file that holds the same text as a reason still reads differently.
        case .failure(let failure): Array(failure.reason.utf8).withUnsafeBytes { XXHash64.hash($0, seed: 1) }
        }
    }

    private static func digest(_ listing: [String]) -> UInt64 {
        XXHash64.hash(listing.joined(separator: "\n"))
    }
}
