import ArchlintModel

/// The Swift a generated file is written for. needle 0.25.1's text compiles in language mode 5; in language
/// mode 6, with complete concurrency checking or with `MainActor` as the default isolation, the output adds
/// isolation annotations (docs/needle-codegen.md says which and why each is sound).
public struct NeedleSwiftMode: Hashable, Sendable, CustomStringConvertible {
    /// 5 or 6.
    public var languageMode: Int
    /// The app's declarations default to `MainActor` (`-default-isolation MainActor`); nil: each module's own
    /// settings say (an app without any: nonisolated).
    public var defaultMainActor: Bool?

    public init(languageMode: Int, defaultMainActor: Bool? = nil) {
        self.languageMode = languageMode
        self.defaultMainActor = defaultMainActor
    }

    /// needle 0.25.1's output, unchanged.
    public static let needle = NeedleSwiftMode(languageMode: 5, defaultMainActor: false)

    /// The language modes `--swift-version` takes.
    public static let knownLanguageModes = [5, 6]

    /// Whether the output carries the Swift 6 annotations.
    public var isSwift6: Bool { languageMode >= 6 || defaultMainActor == true }

    public var description: String {
        "swift \(languageMode)" + (defaultMainActor.map { $0 ? ", default MainActor" : ", default nonisolated" } ?? "")
    }

    /// The mode an app's settings ask for: Swift 6 output when it compiles in language mode 6, checks concurrency
    /// completely or defaults to `MainActor`; needle's output otherwise (and when nothing is known).
    public static func of(_ settings: SwiftLanguageSettings?) -> NeedleSwiftMode {
        guard let settings, settings.checksConcurrencyCompletely || settings.isDefaultMainActor else { return .needle }
        return NeedleSwiftMode(languageMode: 6)
    }

    /// The mode for an app: `--swift-version` and `--default-isolation` where given. Without them, an existing
    /// file keeps its kind (needle's text stays needle's text until `--swift-version 6` asks, so a file needle
    /// wrote is never rewritten by surprise; a Swift 6 file stays Swift 6), and a new file follows the settings.
    public static func resolve(
        languageMode: Int?, defaultIsolation: String?, settings: SwiftLanguageSettings?, existing: String? = nil
    ) -> NeedleSwiftMode {
        guard languageMode != nil || defaultIsolation != nil else {
            let fromSettings = of(settings)
            guard let existing, !existing.isEmpty else { return fromSettings }
            guard isSwift6Text(existing) else { return .needle }
            return fromSettings.isSwift6 ? fromSettings : NeedleSwiftMode(languageMode: 6)
        }
        let fromSettings = of(settings)
        return NeedleSwiftMode(
            languageMode: languageMode ?? fromSettings.languageMode,
            defaultMainActor: defaultIsolation.map { $0 == "MainActor" } ?? (languageMode == 5 ? false : fromSettings.defaultMainActor))
    }

    /// The note saying a mode is assumed: `resolve` followed the settings (no flag, no existing file), and archlint
    /// couldn't read everything that may set them (`SwiftLanguageSettings.unread`). Nil when the mode is known.
    public static func assumption(
        languageMode: Int?, defaultIsolation: String?, settings: SwiftLanguageSettings?, existing: String?,
        chosen: NeedleSwiftMode, app: String
    ) -> String? {
        guard languageMode == nil, defaultIsolation == nil, existing?.isEmpty ?? true, let unread = settings?.unread else {
            return nil
        }
        return "note: the Swift settings of \(app) can't all be read (\(unread)); archlint assumed \(chosen) and writes "
            + "\(chosen.isSwift6 ? "the Swift 6 output" : "needle's output"); `--swift-version` and `--default-isolation` "
            + "decide it instead.\n"
    }

    /// Whether a generated file carries the Swift 6 annotations (its traversal helper or its entry point is
    /// `nonisolated`).
    public static func isSwift6Text(_ text: String) -> Bool {
        text.contains("nonisolated private func parent1(") || text.contains("nonisolated public func registerProviderFactories()")
    }

    /// The names of the modules whose declarations default to `MainActor`: all of them when the mode says so,
    /// none when it says nonisolated, else those whose settings say `MainActor`.
    static func mainActorModules(_ workspace: WorkspaceModel, mode: NeedleSwiftMode) -> Set<String> {
        switch mode.defaultMainActor {
        case true?: return Set(workspace.modules.map(\.name))
        case false?: return []
        case nil: return Set(workspace.modules.filter { $0.swiftSettings?.isDefaultMainActor == true }.map(\.name))
        }
    }
}
