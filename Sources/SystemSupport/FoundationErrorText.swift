import Foundation

/// Foundation's errors in archlint's words: "permission denied", "no such file or directory", never
/// "The operation couldn’t be completed. (NSCocoaErrorDomain error 256.)".
public enum FoundationErrorText {
    /// A phrase to follow "cannot read X: ". With `path`, a path that exists but isn't a regular file is named
    /// for what it is ("it is a FIFO, not a regular file"), which Foundation reports as a permission problem.
    public static func describe(_ error: Error, path: String? = nil) -> String {
        if let path, let kind = nonRegularKind(path) { return "it is \(kind), not a regular file" }
        let nsError = error as NSError
        if let code = posixCode(nsError) { return RegularFile.describe(errno: code) }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return RegularFile.describe(errno: ENOENT)
            case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return RegularFile.describe(errno: EACCES)
            case NSFileWriteOutOfSpaceError: return RegularFile.describe(errno: ENOSPC)
            case NSFileWriteVolumeReadOnlyError: return RegularFile.describe(errno: EROFS)
            case NSFileWriteFileExistsError: return RegularFile.describe(errno: EEXIST)
            case NSFileReadInapplicableStringEncodingError, NSFileReadCorruptFileError: return "it is not UTF-8 text"
            case NSFileReadTooLargeError: return "it is too large"
            case NSFileWriteInvalidFileNameError, NSFileReadInvalidFileNameError: return "the file name is invalid"
            default: break
            }
        }
        if nsError.domain == NSCocoaErrorDomain || nsError.domain == "NSCocoaErrorDomain" {
            return "the file system refused the operation (Foundation code \(nsError.code))"
        }
        return "\(error)"
    }

    /// The POSIX code behind a Foundation error, directly or as its underlying error.
    static func posixCode(_ error: NSError) -> Int32? {
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return posixCode(underlying) }
        return nil
    }

    /// "a FIFO", "a directory", … when `path` exists and is not a regular file (symlinks followed).
    static func nonRegularKind(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return RegularFile.kind(of: info.st_mode)
    }
}
