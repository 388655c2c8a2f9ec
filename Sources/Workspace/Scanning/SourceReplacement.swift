import ArchlintModel

extension WorkspaceScan {
    /// The scan of the same tree with these sources holding other contents (root-relative path → bytes): what a
    /// scan of that other tree gives, when it differs from this one in nothing else (same files, directories,
    /// manifests and projects). Each replaced file is parsed as a scan parses it, keeps its modules, and gives its
    /// own diagnostics in place of the old ones. nil when a path isn't one of the scanned sources. No fingerprint:
    /// the result describes no tree on disk.
    public func replacingSources(_ contents: [String: [UInt8]]) -> WorkspaceScan? {
        guard contents.keys.allSatisfy(inputs.sources.contains) else { return nil }
        var model = self.model
        var inputs = self.inputs
        let moduleNames = Dictionary(model.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var diagnostics = model.diagnostics
        for (path, bytes) in contents.sorted(by: { $0.key < $1.key }) {
            let outcome = CrashContext.scanning(path) { FileScanJob.parse(bytes, path: path) }
            let module = model.files.first { $0.path == path }.flatMap { moduleNames[$0.module] }
            for old in inputs.fileDiagnostics[path] ?? [] {
                if let index = diagnostics.firstIndex(of: old) { diagnostics.remove(at: index) }
            }
            let replacement = WorkspaceScanner.fileDiagnostics(outcome, module: module)
            diagnostics += replacement
            inputs.fileDiagnostics[path] = replacement.isEmpty ? nil : replacement
            for index in model.files.indices where model.files[index].path == path {
                model.files[index].facts = outcome.facts
            }
        }
        diagnostics.sort(by: Diagnostic.stableOrder)
        model.diagnostics = diagnostics
        return WorkspaceScan(model: model, statistics: statistics, fingerprint: nil, inputs: inputs)
    }
}
