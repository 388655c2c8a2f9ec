import ArchlintModel
import SystemSupport

extension WorkspaceScan {
    /// The scan of the same tree with these sources holding other contents (root-relative path → bytes): what a
    /// scan of that other tree gives, when it differs from this one in nothing else (same files, directories,
    /// manifests and projects). Each replaced file is read as a scan reads it (skimmed, or parsed when it holds
    /// what the scan's demand names or a parsed file reaches it), keeps its modules, and gives its own
    /// diagnostics in place of the old ones. nil when a path isn't one of the scanned sources, or when the
    /// replaced files reach a file this scan skimmed (`TypeRelevance`): then only a scan of the other tree is
    /// exact. No fingerprint: the result describes no tree on disk.
    public func replacingSources(_ contents: [String: [UInt8]]) -> WorkspaceScan? {
        guard contents.keys.allSatisfy(inputs.sources.contains) else { return nil }
        var parsed: Set<String> = []
        while true {
            let (scan, reached) = replacing(contents, parsing: parsed)
            if reached.isEmpty { return scan }
            // A replaced file read for its imports that a parsed file reaches is parsed, as a scan would.
            guard reached.isSubset(of: contents.keys), !reached.isSubset(of: parsed) else { return nil }
            parsed.formUnion(reached)
        }
    }

    /// The replacement, with the files in `parsed` parsed in full; and the skimmed files the parsed ones reach.
    private func replacing(_ contents: [String: [UInt8]], parsing parsed: Set<String>) -> (WorkspaceScan, reached: Set<String>) {
        var model = self.model
        var inputs = self.inputs
        let moduleNames = Dictionary(model.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var diagnostics = model.diagnostics
        for (path, bytes) in contents.sorted(by: { $0.key < $1.key }) {
            let demand = parsed.contains(path) ? .everything : inputs.demand
            let outcome = CrashContext.scanning(path) { FileScanJob.parse(bytes, path: path, demand: demand) }
            inputs.skimmed[path] = outcome.skimmed
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
        var reached: Set<String> = []
        if !inputs.skimmed.isEmpty {
            var relevance = TypeRelevance(inputs.demand)
            var added: Set<String> = []
            for file in model.files where inputs.skimmed[file.path] == nil && added.insert(file.path).inserted {
                relevance.add(file.facts)
            }
            reached = Set(inputs.skimmed.filter { relevance.reaches($0.value) }.keys)
        }
        diagnostics.sort(by: Diagnostic.stableOrder)
        model.diagnostics = diagnostics
        return (WorkspaceScan(model: model, statistics: statistics, fingerprint: nil, inputs: inputs), reached)
    }
}
