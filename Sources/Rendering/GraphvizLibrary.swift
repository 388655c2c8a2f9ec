import Foundation

/// libgvc and libcgraph, loaded at run time: archlint builds without Graphviz and draws with whichever Graphviz
/// the machine has, 2.42 to 14.x. Only calls whose C signatures are the same in every version are made directly;
/// the three that differ are chosen by the version libgvc reports (`ABI`). The layout and render plugins are
/// loaded here and handed to libgvc as built-ins (`gvContextPlugins`), so Graphviz's plugin configuration file
/// (`config6`, written by `dot -c`) is never read.
final class GraphvizLibrary: @unchecked Sendable {
    /// A path to libgvc, or to the folder holding it, to use instead of the one archlint finds.
    static let environmentVariable = "ARCHLINT_GRAPHVIZ_LIB"
    /// Graphviz's own override of its plugin folder, honoured the same way.
    static let pluginFolderVariable = "GVBINDIR"
    /// The versions this binding was written against.
    static let knownVersions = "2.38 to 14.x"

    /// The one library of this process (Graphviz keeps process-wide state: one version per process).
    static let shared: Result<GraphvizLibrary, GraphvizError> = load(environment: ProcessInfo.processInfo.environment)

    /// Where the C declarations changed.
    enum ABI: Equatable {
        /// Before 9.0: `Agdisc_t` is {mem, id, io}; `gvPluginList` takes a fourth argument; `gvRenderData`'s
        /// length is `unsigned int *`; `Agiddisc_t` has `alloc`.
        case before9
        /// 9.0 to 12.x: `Agdisc_t` is {id, io}; `gvPluginList` takes three arguments.
        case from9
        /// 13.0 on: `gvRenderData`'s length is `size_t *`; `Agiddisc_t` has no `alloc`; no `agreadline`.
        case from13

        init(major: Int) {
            self = major < 9 ? .before9 : major < 13 ? .from9 : .from13
        }
    }

    /// What dot leaves behind that archlint has to mend (see `Graphviz.repairRankArrays`).
    enum DotCleanup: Equatable {
        /// gvFreeLayout is safe.
        case free
        /// 2.42's dot leaves `rank.av` dangling after a labelled flat edge; the rank arrays sit at these offsets
        /// (LP64, types.h of 2.42), so they can be repaired before gvFreeLayout.
        case repairRanks
        /// Another 2.x: the same bug may be there and the layout of its structures isn't known, so dot's layout
        /// is never freed (a leak in the render process, never a double free).
        case keepLayout
    }

    let file: String
    let version: String
    let abi: ABI
    let dotCleanup: DotCleanup
    /// Newer than `knownVersions`: tried with the newest ABI; its failures name the version.
    let isNewerThanKnown: Bool
    /// The plugins loaded (`core`, `dot_layout`, …), and what was looked for and not loaded.
    let plugins: [String]
    let missingPlugins: [String]
    let pluginFolders: [String]

    // libgvc
    let gvContextPlugins: @convention(c) (UnsafeRawPointer?, Int32) -> OpaquePointer?
    let gvcVersion: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let gvFreeContext: @convention(c) (OpaquePointer?) -> Int32
    let gvLayout: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    let gvFreeLayout: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    private let gvRenderDataAddress: UnsafeMutableRawPointer
    let gvFreeRenderData: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    private let gvPluginListAddress: UnsafeMutableRawPointer
    // libcgraph
    let agread: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer?
    let agclose: @convention(c) (OpaquePointer?) -> Int32
    let agseterr: @convention(c) (Int32) -> Int32
    let agseterrf: @convention(c) (MessageHandler?) -> MessageHandler?
    let agreseterrors: @convention(c) () -> Int32
    let agreadline: (@convention(c) (Int32) -> Void)?
    let agsafeset: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let agfstnode: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let agnxtnode: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let agfstout: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let agnxtout: @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let aggetrec: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> UnsafeMutableRawPointer?
    /// `Agdisc_t` for `agread`: cgraph's own memory and I/O disciplines with `SequentialIDs`' ID discipline.
    let discipline: UnsafeMutableRawPointer
    /// The plugins as libgvc's `lt_symlist_t` built-ins: {name, address} pairs, ending with {NULL, NULL}.
    private let builtins: UnsafeMutablePointer<UnsafeRawPointer?>
    /// Every library opened, kept open for the life of the process.
    private let libraries: [DynamicLibrary]

    typealias MessageHandler = @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32

    /// "graphviz 14.1.5 (/opt/homebrew/lib/libgvc.7.dylib)".
    var description: String { "graphviz \(version) (\(file))" }

    /// A context with every loaded plugin and no configuration file (demand loading off).
    func makeContext() -> OpaquePointer? {
        gvContextPlugins(UnsafeRawPointer(builtins), 0)
    }

    /// `gvRenderData`, whose length argument became `size_t *` in 13.0.
    func renderData(
        _ context: OpaquePointer, _ graph: OpaquePointer, format: String
    ) -> (status: Int32, buffer: UnsafeMutablePointer<CChar>?, length: Int) {
        var buffer: UnsafeMutablePointer<CChar>?
        switch abi {
        case .before9, .from9:
            typealias Render = @convention(c) (
                OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                UnsafeMutablePointer<UInt32>?) -> Int32
            var length: UInt32 = 0
            let status = unsafeBitCast(gvRenderDataAddress, to: Render.self)(context, graph, format, &buffer, &length)
            return (status, buffer, Int(length))
        case .from13:
            typealias Render = @convention(c) (
                OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                UnsafeMutablePointer<Int>?) -> Int32
            var length = 0
            let status = unsafeBitCast(gvRenderDataAddress, to: Render.self)(context, graph, format, &buffer, &length)
            return (status, buffer, length)
        }
    }

    /// `gvPluginList`, which lost its fourth argument in 9.0. The caller frees the strings and the list.
    func pluginList(_ context: OpaquePointer, kind: String, count: inout Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        typealias List = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        switch abi {
        case .before9:
            typealias Call = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?, UnsafePointer<CChar>?) -> List
            return unsafeBitCast(gvPluginListAddress, to: Call.self)(context, kind, &count, nil)
        case .from9, .from13:
            typealias Call = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int32>?) -> List
            return unsafeBitCast(gvPluginListAddress, to: Call.self)(context, kind, &count)
        }
    }

    // MARK: Loading

    /// The plugins archlint registers: layouts (dot; neato's library holds sfdp), the core renderers (svg),
    /// cairo through pango (png, pdf, and text measurement) and gd (png where cairo is missing).
    static let pluginNames = ["dot_layout", "neato_layout", "core", "pango", "gd"]

    static func load(environment: [String: String]) -> Result<GraphvizLibrary, GraphvizError> {
        let gvc: DynamicLibrary
        switch locate(environment: environment) {
        case .success(let library): gvc = library
        case .failure(let error): return .failure(error)
        }
        return Result { () throws(GraphvizError) in try GraphvizLibrary(gvc: gvc, environment: environment) }
    }

    private static func locate(environment: [String: String]) -> Result<DynamicLibrary, GraphvizError> {
        if let override = environment[environmentVariable], !override.isEmpty {
            let candidates = FileManager.default.isDirectory(override) ? libraryFiles(named: "libgvc", in: override) : [override]
            var reasons: [String] = []
            for candidate in candidates {
                switch DynamicLibrary.open(candidate) {
                case .success(let library): return .success(library)
                case .failure(let failure): reasons.append(failure.message)
                }
            }
            let why = reasons.isEmpty ? "no libgvc there" : reasons.joined(separator: "; ")
            return .failure(GraphvizError(
                stage: .library,
                message: "\(environmentVariable)=\(override) is not a usable libgvc (\(why)). \(GraphvizInstallHint.line())"))
        }
        let candidates = DynamicLibrary.loaderNames("libgvc", majorVersions: [6, 7])
            + DynamicLibrary.extraLibraryFolders.flatMap { libraryFiles(named: "libgvc", in: $0) }
        for candidate in candidates {
            if case .success(let library) = DynamicLibrary.open(candidate) { return .success(library) }
        }
        return .failure(GraphvizError(stage: .library, message: "Graphviz is not installed (no libgvc found). \(GraphvizInstallHint.line())"))
    }

    /// Files in `folder` that are the shared library `name`, the shortest name first (the plain symlink before
    /// the versioned file it points to).
    static func libraryFiles(named name: String, in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { DynamicLibrary.isLibraryFile($0, named: name) }
            .sorted { ($0.count, $0) < ($1.count, $1) }
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    private init(gvc: DynamicLibrary, environment: [String: String]) throws(GraphvizError) {
        var libraries = [gvc]
        // cgraph's symbols through libgvc (which links it); else libcgraph beside it.
        var cgraph = gvc
        if gvc.address(of: "agread") == nil {
            let folder = ((gvc.file(containing: "gvContextPlugins") ?? gvc.path) as NSString).deletingLastPathComponent
            guard let sibling = Self.libraryFiles(named: "libcgraph", in: folder).lazy
                .compactMap({ try? DynamicLibrary.open($0).get() }).first
            else {
                throw GraphvizError(stage: .library, message: "no libcgraph beside \(folder). \(GraphvizInstallHint.line())")
            }
            cgraph = sibling
            libraries.append(sibling)
        }
        let location = gvc.file(containing: "gvContextPlugins") ?? gvc.path
        func need<T>(_ library: DynamicLibrary, _ name: String, _ type: T.Type) throws(GraphvizError) -> T {
            guard let function = library.function(name, as: type) else { throw Self.lacks(name, location) }
            return function
        }
        gvContextPlugins = try need(gvc, "gvContextPlugins", (@convention(c) (UnsafeRawPointer?, Int32) -> OpaquePointer?).self)
        gvcVersion = try need(gvc, "gvcVersion", (@convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?).self)
        gvFreeContext = try need(gvc, "gvFreeContext", (@convention(c) (OpaquePointer?) -> Int32).self)
        gvLayout = try need(gvc, "gvLayout", (@convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?) -> Int32).self)
        gvFreeLayout = try need(gvc, "gvFreeLayout", (@convention(c) (OpaquePointer?, OpaquePointer?) -> Int32).self)
        guard let renderData = gvc.address(of: "gvRenderData") else { throw Self.lacks("gvRenderData", location) }
        gvRenderDataAddress = renderData
        gvFreeRenderData = try need(gvc, "gvFreeRenderData", (@convention(c) (UnsafeMutablePointer<CChar>?) -> Void).self)
        guard let pluginList = gvc.address(of: "gvPluginList") else { throw Self.lacks("gvPluginList", location) }
        gvPluginListAddress = pluginList
        agread = try need(cgraph, "agread", (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer?).self)
        agclose = try need(cgraph, "agclose", (@convention(c) (OpaquePointer?) -> Int32).self)
        agseterr = try need(cgraph, "agseterr", (@convention(c) (Int32) -> Int32).self)
        agseterrf = try need(cgraph, "agseterrf", (@convention(c) (MessageHandler?) -> MessageHandler?).self)
        agreseterrors = try need(cgraph, "agreseterrors", (@convention(c) () -> Int32).self)
        agreadline = cgraph.function("agreadline", as: (@convention(c) (Int32) -> Void).self)
        agsafeset = try need(cgraph, "agsafeset", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32).self)
        agfstnode = try need(cgraph, "agfstnode", (@convention(c) (OpaquePointer?) -> OpaquePointer?).self)
        agnxtnode = try need(cgraph, "agnxtnode", (@convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?).self)
        agfstout = try need(cgraph, "agfstout", (@convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?).self)
        agnxtout = try need(cgraph, "agnxtout", (@convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?).self)
        aggetrec = try need(cgraph, "aggetrec", (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> UnsafeMutableRawPointer?).self)
        guard let ioDiscipline = cgraph.address(of: "AgIoDisc") else { throw Self.lacks("AgIoDisc", location) }

        file = location
        // The version, from a context without plugins.
        guard let probe = gvContextPlugins(nil, 0) else {
            throw GraphvizError(stage: .library, message: "\(file): gvContextPlugins returned NULL")
        }
        version = gvcVersion(probe).map { String(cString: $0) } ?? "unknown"
        _ = gvFreeContext(probe)
        let numbers = version.split(separator: ".").prefix(2).map { Int($0.prefix { $0.isNumber }) }
        guard let major = numbers.first ?? nil else {
            throw GraphvizError(stage: .library, message: "\(file) reports version \"\(version)\", which archlint can't read")
        }
        let minor = numbers.count > 1 ? numbers[1] ?? 0 : 0
        abi = ABI(major: major)
        isNewerThanKnown = major > 14
        dotCleanup = major > 2 ? .free : (minor == 42 || minor == 43) && MemoryLayout<Int>.size == 8 ? .repairRanks : .keepLayout

        let memoryDiscipline = cgraph.address(of: "AgMemDisc")
        if abi == .before9 && memoryDiscipline == nil {
            throw GraphvizError(stage: .library, message: "graphviz \(version) (\(location)) has no AgMemDisc, which a Graphviz before 9.0 has: unsupported build")
        }
        discipline = SequentialIDs.discipline(abi: abi, memory: memoryDiscipline, io: ioDiscipline)

        // Plugins: GVBINDIR when set (as Graphviz itself), else Graphviz's plugin folder beside libgvc, else
        // beside libgvc itself (Python wheels put everything in one folder).
        let libraryFolder = (file as NSString).deletingLastPathComponent
        let folders = environment[Self.pluginFolderVariable].map { [$0] }
            ?? [(libraryFolder as NSString).appendingPathComponent("graphviz"), libraryFolder]
        pluginFolders = folders
        var symbols: [(name: String, address: UnsafeMutableRawPointer)] = []
        var found: [String] = []
        var notFound: [String] = []
        for plugin in Self.pluginNames {
            let symbol = "gvplugin_\(plugin)_LTX_library"
            let loaded = folders.lazy.flatMap { Self.libraryFiles(named: "libgvplugin_\(plugin)", in: $0) }
                .compactMap { try? DynamicLibrary.open($0).get() }
                .compactMap { library in library.address(of: symbol).map { (library, $0) } }
                .first
            if let (library, address) = loaded {
                libraries.append(library)
                symbols.append((symbol, address))
                found.append(plugin)
            } else {
                notFound.append(plugin)
            }
        }
        plugins = found
        missingPlugins = notFound
        builtins = .allocate(capacity: 2 * symbols.count + 2)
        for (index, symbol) in symbols.enumerated() {
            builtins[2 * index] = UnsafeRawPointer(strdup(symbol.name))
            builtins[2 * index + 1] = UnsafeRawPointer(symbol.address)
        }
        builtins[2 * symbols.count] = nil
        builtins[2 * symbols.count + 1] = nil
        self.libraries = libraries
    }
}

extension GraphvizLibrary {
    fileprivate static func lacks(_ symbol: String, _ file: String) -> GraphvizError {
        GraphvizError(stage: .library, message: "\(file) lacks \(symbol): not a libgvc archlint can use. \(GraphvizInstallHint.line())")
    }
}

private extension FileManager {
    func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
