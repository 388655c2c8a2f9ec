import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A shared library opened at run time (`dlopen`), and its symbols (`dlsym`). The one place that knows the
/// platform's loader: the rest of Rendering asks for a symbol by name.
struct DynamicLibrary: @unchecked Sendable {
    /// What the loader was asked to open, as given.
    let path: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `path` (a file, or a bare file name the loader searches for); nil with the loader's message.
    static func open(_ path: String) -> Result<DynamicLibrary, LoadFailure> {
        // Symbols resolved now (a missing one fails here, not mid-render); local, so two libraries with the same
        // symbol names never mix.
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadFailure(path: path, message: lastError() ?? "dlopen failed"))
        }
        return .success(DynamicLibrary(path: path, handle: handle))
    }

    struct LoadFailure: Error {
        var path: String
        var message: String
    }

    /// The address of `name` in this library or the libraries it loaded; nil when absent.
    func address(of name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// `name` as a C function of type `T` (a `@convention(c)` function type); nil when absent.
    func function<T>(_ name: String, as type: T.Type) -> T? {
        address(of: name).map { unsafeBitCast($0, to: type) }
    }

    /// The file the library's symbol `name` came from (the file a bare name resolved to).
    func file(containing name: String) -> String? {
        guard let symbol = address(of: name) else { return nil }
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(symbol, &info) != 0, let file = info.dli_fname else { return nil }
        return String(cString: file)
        #else
        // Glibc's module doesn't export dladdr (a GNU extension): the mapping that holds the symbol names its file.
        let address = UInt(bitPattern: symbol)
        // Read line by line: Foundation's whole-file readers can stop at the first page of a /proc file.
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, maps) > 0, let buffer {
            let line = String(cString: buffer).trimmingCharacters(in: .newlines)
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count == 6 else { continue }
            let file = fields[5].trimmingCharacters(in: .whitespaces)
            let range = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            if file.hasPrefix("/"), range.count == 2, range[0] <= address, address < range[1] { return file }
        }
        return nil
        #endif
    }

    private static func lastError() -> String? {
        dlerror().map { String(cString: $0) }
    }

    /// File name patterns of a shared library called `name` on this system (`libgvc.so.6`, `libgvc.7.dylib`, …).
    static func isLibraryFile(_ fileName: String, named name: String) -> Bool {
        guard fileName.hasPrefix(name) else { return false }
        let rest = fileName.dropFirst(name.count)
        // `-<hash>` is how Python wheels (auditwheel, delocate) rename the libraries they bundle.
        guard let separator = rest.first, separator == "." || separator == "-" else { return false }
        #if canImport(Darwin)
        return rest.hasSuffix(".dylib")
        #else
        return rest.contains(".so")
        #endif
    }

    /// Bare file names the loader finds on its own search path, most usual first.
    static func loaderNames(_ name: String, majorVersions: [Int]) -> [String] {
        #if canImport(Darwin)
        return ["\(name).dylib"] + majorVersions.map { "\(name).\($0).dylib" }
        #else
        return majorVersions.map { "\(name).so.\($0)" } + ["\(name).so"]
        #endif
    }

    /// Folders where package managers put shared libraries that the loader may not search by itself.
    static var extraLibraryFolders: [String] {
        #if canImport(Darwin)
        ["/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"]
        #else
        ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/usr/local/lib",
         "/home/linuxbrew/.linuxbrew/lib"]
        #endif
    }
}
