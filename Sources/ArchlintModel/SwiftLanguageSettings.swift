/// What a target's build settings say about the Swift it compiles: the language mode, the default actor
/// isolation and the concurrency checking. Each is nil when nothing archlint reads sets it (the compiler's
/// default then applies: language mode 5, `nonisolated`, minimal checking).
public struct SwiftLanguageSettings: Codable, Hashable, Sendable {
    /// The major language mode: `5`, `6` (`SWIFT_VERSION`, `swiftLanguageMode(.v6)`, the tools version).
    public var languageMode: Int?
    /// `MainActor` or `nonisolated` (`SWIFT_DEFAULT_ACTOR_ISOLATION`, `.defaultIsolation(MainActor.self)`).
    public var defaultIsolation: String?
    /// `minimal`, `targeted` or `complete` (`SWIFT_STRICT_CONCURRENCY`, the `StrictConcurrency` feature).
    public var strictConcurrency: String?
    /// Where the settings were read (a project, a spec, a manifest), for messages.
    public var source: String?
    /// What archlint couldn't read that may set one of these (an xcconfig, a manifest's settings expression): the
    /// settings left nil are then assumed, not known. Nil when everything that may set them was read.
    public var unread: String?

    public init(languageMode: Int? = nil, defaultIsolation: String? = nil, strictConcurrency: String? = nil, source: String? = nil,
                unread: String? = nil) {
        self.unread = unread
        self.languageMode = languageMode
        self.defaultIsolation = defaultIsolation
        self.strictConcurrency = strictConcurrency
        self.source = source
    }

    public var isDefaultMainActor: Bool { defaultIsolation == "MainActor" }

    /// Whether concurrency is checked completely: Swift 6 mode, or `complete` checking in Swift 5 mode.
    public var checksConcurrencyCompletely: Bool { (languageMode ?? 5) >= 6 || strictConcurrency == "complete" }

    /// `5.0`, `6`, `6.2` → the major version; nil for what isn't a version.
    public static func languageMode(_ text: String) -> Int? {
        let trimmed = text.trimmingSpaces
        let major = trimmed.prefix { $0 != "." }
        guard let value = Int(major), value > 0, value < 100 else { return nil }
        return value
    }

    /// `MainActor` / `nonisolated` as written in a build setting or `.defaultIsolation(…)`; nil otherwise.
    public static func isolation(_ text: String) -> String? {
        switch text.trimmingSpaces {
        case "MainActor", "MainActor.self": return "MainActor"
        case "nonisolated", "nil": return "nonisolated"
        default: return nil
        }
    }

    /// `minimal` / `targeted` / `complete`; nil otherwise.
    public static func strictConcurrency(_ text: String) -> String? {
        let value = text.trimmingSpaces
        return ["minimal", "targeted", "complete"].contains(value) ? value : nil
    }

    /// These settings, each unset one taken from `fallback` (a target's over its project's or package's).
    public func over(_ fallback: SwiftLanguageSettings?) -> SwiftLanguageSettings {
        guard let fallback else { return self }
        return SwiftLanguageSettings(
            languageMode: languageMode ?? fallback.languageMode,
            defaultIsolation: defaultIsolation ?? fallback.defaultIsolation,
            strictConcurrency: strictConcurrency ?? fallback.strictConcurrency, source: source ?? fallback.source,
            unread: unread ?? fallback.unread)
    }
}

private extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\"" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\"" { text = text.dropLast() }
        return String(text)
    }
}
