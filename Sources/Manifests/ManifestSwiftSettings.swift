import ArchlintModel

/// The Swift settings a manifest declares, read from its syntax: the tools version (6.0 and later default to
/// language mode 6), the package's `swiftLanguageModes:`/`swiftLanguageVersions:`, and a target's
/// `swiftSettings:` (`.swiftLanguageMode(.v6)`, `.defaultIsolation(MainActor.self)`, the `StrictConcurrency`
/// feature, `-strict-concurrency=` in `unsafeFlags`). A name in those lists is followed to the global it names.
/// Conditions (`.when(…)`) are not read: a setting applies as if unconditional.
enum ManifestSwiftSettings {
    /// `// swift-tools-version:6.0` → 6 (the language mode the tools version defaults to).
    static func toolsVersionMode(_ source: String) -> Int? {
        guard let firstLine = source.split(separator: "\n", maxSplits: 1).first,
              let range = firstLine.range(of: "swift-tools-version:") else { return nil }
        let version = firstLine[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "." }
        guard let major = SwiftLanguageSettings.languageMode(String(version)) else { return nil }
        return major >= 6 ? 6 : 5
    }

    /// The language mode of `[.v5, .v6]`: the highest listed (SwiftPM builds with the newest the compiler has).
    static func languageMode(of value: TuistValue) -> Int? {
        elements(value).compactMap(mode).max()
    }

    /// A target's `swiftSettings:` list.
    static func targetSettings(_ value: TuistValue) -> SwiftLanguageSettings? {
        var settings = SwiftLanguageSettings()
        var found = false
        for setting in elements(value) {
            guard let construct = setting.construct, construct.isCall, let first = construct.arguments.first?.value else { continue }
            switch construct.name {
            case "swiftLanguageMode", "swiftLanguageVersion":
                if let mode = mode(of: first) { settings.languageMode = mode; found = true }
            case "defaultIsolation":
                if let text = construct.call?.arguments.first.map({ $0.expression.trimmedDescription }),
                   let isolation = SwiftLanguageSettings.isolation(text) {
                    settings.defaultIsolation = isolation
                    found = true
                }
            case "enableUpcomingFeature", "enableExperimentalFeature":
                let feature = first.stringValue
                if feature == "StrictConcurrency" || feature == "StrictConcurrency=complete" {
                    settings.strictConcurrency = "complete"
                    found = true
                }
            case "unsafeFlags":
                for flag in (first.arrayValue ?? []).compactMap(\.stringValue) {
                    if flag.hasPrefix("-strict-concurrency="),
                       let level = SwiftLanguageSettings.strictConcurrency(String(flag.dropFirst("-strict-concurrency=".count))) {
                        settings.strictConcurrency = level
                        found = true
                    }
                }
            default: continue
            }
        }
        return found ? settings : nil
    }

    /// `.v6`, `.version("6")`, `SwiftLanguageMode.v5` → the major version.
    private static func mode(of value: TuistValue) -> Int? {
        guard let construct = value.construct else { return nil }
        if construct.name == "version" { return construct.firstUnlabelled?.stringValue.flatMap(SwiftLanguageSettings.languageMode) }
        guard !construct.isCall, construct.name.hasPrefix("v") else { return nil }
        return Int(construct.name.dropFirst().prefix { $0.isNumber })
    }

    /// The values of a list, flattened; each alternative of a value.
    private static func elements(_ value: TuistValue) -> [TuistValue] {
        value.expanded.flatMap { $0.arrayValue.map { $0.flatMap(elements) } ?? [$0] }
    }
}
