import Scaffolding

/// The context `new component --ribs` renders its templates with.
nonisolated(unsafe) private let context: [String: Any] = [
    "name": "Settings", "component": "SettingsComponent", "dependency": "SettingsDependency",
    "parent": "ProfileComponent", "property": "settingsComponent", "module": "Profile", "interfaceModule": "",
    "access": "public ", "interfaceAccess": "public ", "imports": ["RIBs", "SettingsInterface"],
]

/// libFuzzer entry point: the bytes are a team's templates (invalid UTF-8 repaired). The text up to the first line
/// `#> NAME` replaces the `component` template; each `#> NAME` line starts the template NAME (a built-in one or
/// any other, for `include` and `extends`). `component` renders within archlint's template budget: text or a
/// template error is fine; a trap, a hang, unbounded memory or text over the budget is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStencil(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    var templates = EmbeddedTemplates.templates
    var name = "component"
    var lines: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("#> ") {
            templates[name] = lines.joined(separator: "\n")
            name = String(line.dropFirst(3))
            lines = []
        } else {
            lines.append(line)
        }
    }
    templates[name] = lines.joined(separator: "\n")
    let scaffold = ScaffoldTemplates(texts: templates, overridden: templates.keys.sorted())
    if let rendered = try? scaffold.render("component", context) {
        precondition(rendered.utf8.count <= TemplateBudget.standard.outputBytes, "rendered text over the budget")
    }
    return 0
}
