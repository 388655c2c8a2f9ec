import ArchlintModel
import SwiftSyntax
import SyntaxSupport
import XcodeProjects

/// Tuist's build settings, as far as archlint reads them: the keys that decide a module's Swift language mode,
/// default isolation and concurrency checking. A `SettingsDictionary` is a construct named `[:]` whose arguments
/// are its entries, labelled by key; only the entries of `readKeys` keep their values (the rest are never read, so
/// what archlint can't evaluate there is never reported). An entry whose key archlint can't evaluate has no label
/// and an unknown value: it may set any of them.
enum TuistSettings {
    static let readKeys: Set<String> = [
        "SWIFT_VERSION", "SWIFT_DEFAULT_ACTOR_ISOLATION", "SWIFT_STRICT_CONCURRENCY", "OTHER_SWIFT_FLAGS",
    ]
    static let dictionaryName = "[:]"

    /// An empty dictionary made at `site`.
    static func dictionary(_ entries: [(label: String?, value: TuistValue)], site: TuistSite, condition: String?) -> TuistValue {
        .construct(TuistConstruct(name: dictionaryName, typeName: "SettingsDictionary", arguments: entries, isCall: false,
                                  site: site, condition: condition))
    }

    /// Whether a construct is a `SettingsDictionary`: a literal, `SettingsDictionary()` or `.init()`.
    static func isDictionary(_ construct: TuistConstruct) -> Bool {
        construct.name == dictionaryName
            || (construct.arguments.isEmpty && (construct.name == "SettingsDictionary" || construct.name == "init"))
    }

    /// `dictionary` with `entries` set over its own (`merging`: the other's values win).
    static func merging(_ base: TuistConstruct, _ entries: [(label: String?, value: TuistValue)]) -> TuistValue {
        var result = base
        result.name = dictionaryName
        for entry in entries {
            if let label = entry.label, let index = result.arguments.firstIndex(where: { $0.label == label }) {
                result.arguments[index].value = entry.value
            } else {
                result.arguments.append(entry)
            }
        }
        return .construct(result)
    }

    /// ProjectDescription's `SettingsDictionary` methods on `base`: `swiftVersion(_:)` and `otherSwiftFlags(_:)` set
    /// what archlint reads, `merging(_:)` joins; the others (`marketingVersion`, `manualCodeSigning`, …) set keys
    /// archlint doesn't read, so their result is `base`. Nil when `base` isn't a dictionary.
    static func method(_ name: String, on base: TuistValue, arguments: [TuistValue]) -> TuistValue? {
        guard let dictionary = base.construct, isDictionary(dictionary) else { return nil }
        switch name {
        case "swiftVersion":
            return merging(dictionary, [("SWIFT_VERSION", arguments.first ?? .null)])
        case "otherSwiftFlags":
            let flags: TuistValue = arguments.count == 1 && arguments[0].arrayValue != nil ? arguments[0] : .array(arguments)
            return merging(dictionary, [("OTHER_SWIFT_FLAGS", flags)])
        case "merging", "merge":
            guard let other = arguments.first else { return base }
            if let otherDictionary = other.construct, isDictionary(otherDictionary) {
                return merging(dictionary, otherDictionary.arguments)
            }
            // What archlint couldn't read may set any key: one unlabelled unknown entry.
            if other.isUnknown { return merging(dictionary, [(nil, other)]) }
            return merging(dictionary, [(nil, .unknown(TuistUnread([])))])
        default:
            return base
        }
    }

    /// A setting value as Xcode writes it: a string, `.string("…")`, `.array([…])` or a list (words joined by
    /// spaces), `true`/`false` (`YES`/`NO`); nil for what isn't one.
    static func text(of value: TuistValue) -> String? {
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag ? "YES" : "NO"
        case .int(let number): return String(number)
        case .double(let number): return String(number)
        case .array(let elements):
            let words = elements.map(text(of:))
            guard !words.contains(nil) else { return nil }
            return words.compactMap { $0 }.joined(separator: " ")
        case .construct(let construct) where construct.isCall && ["string", "array"].contains(construct.name):
            return construct.firstUnlabelled.flatMap(text(of:))
        default: return nil
        }
    }
}

extension TuistInterpreter {
    /// A dictionary literal: a `SettingsDictionary` of the entries archlint reads (Info.plist and other dictionaries
    /// hold none of its keys, so they come out empty and nothing in them is evaluated).
    func settingsDictionary(_ literal: DictionaryExprSyntax, in frame: TuistFrame) throws -> TuistValue {
        var entries: [(label: String?, value: TuistValue)] = []
        if case .elements(let elements) = literal.content {
            for element in elements {
                let key: TuistValue
                if let text = Self.literalText(element.key) {
                    key = .string(text)
                } else {
                    key = try evaluate(element.key, expected: "String", in: frame)
                }
                if let name = key.stringValue {
                    guard TuistSettings.readKeys.contains(name) else { continue }
                    entries.append((name, try evaluate(element.value, expected: "SettingValue", in: frame)))
                } else if key.isUnknown {
                    entries.append((nil, key))
                }
            }
        }
        return TuistSettings.dictionary(entries, site: site(of: literal), condition: condition)
    }

    /// A string literal without interpolation, as written.
    static func literalText(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self),
              literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// A `SettingsDictionary` method on a dictionary (`TuistSettings.method`); `merging(.shared)` reads its argument
    /// as a `SettingsDictionary` (a helper's static), which the untyped evaluation of arguments can't.
    func settingsMethod(_ name: String, on base: TuistValue, arguments: [TuistValue], call: FunctionCallExprSyntax,
                        frame: TuistFrame) throws -> TuistValue? {
        guard let dictionary = base.construct, TuistSettings.isDictionary(dictionary) else { return nil }
        var arguments = arguments
        if ["merging", "merge"].contains(name), let first = call.arguments.first, first.label == nil,
           let opaque = arguments.first?.construct, !TuistSettings.isDictionary(opaque), !opaque.isCall {
            arguments[0] = try evaluate(first.expression, expected: "SettingsDictionary", in: frame)
        }
        return TuistSettings.method(name, on: base, arguments: arguments)
    }

    /// `settings["KEY"] = value` on a local dictionary; nil when `target` isn't such a subscript.
    func assignSetting(_ target: ExprSyntax, value: TuistValue, in frame: TuistFrame) throws -> Bool {
        guard let subscriptCall = target.as(SubscriptCallExprSyntax.self),
              let name = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let current = frame.lookup(name)?.construct, TuistSettings.isDictionary(current),
              subscriptCall.arguments.count == 1, let keyExpression = subscriptCall.arguments.first?.expression else {
            return false
        }
        // A literal, or a variable (`for (key, value) in other { merged[key] = value }`).
        let keyValue = try Self.literalText(keyExpression).map(TuistValue.string)
            ?? evaluate(keyExpression, expected: "String", in: frame)
        guard let key = keyValue.stringValue else {
            let unknown = keyValue.isUnknown ? keyValue : unresolved(keyExpression, "a settings key archlint can't evaluate")
            _ = frame.assign(name, TuistSettings.merging(current, [(nil, unknown)]))
            return true
        }
        if TuistSettings.readKeys.contains(key) { _ = frame.assign(name, TuistSettings.merging(current, [(key, value)])) }
        return true
    }
}

extension TuistProjectBuilder {
    /// One `Settings` value read: its base dictionary and configurations, by name.
    struct SettingsReading {
        var base: [String: String] = [:]
        var configurations: [(name: String, isRelease: Bool, values: [String: String], xcconfig: String?)] = []
        /// What archlint couldn't read in it (a `manifest-unresolved` was reported there), as `file:line`.
        var unread: String?
    }

    /// The configuration Tuist's generated project builds by default: `Release` if the project has it, else its
    /// first release configuration, else its first one (Tuist's own defaults are Debug and Release).
    static func defaultConfiguration(of project: SettingsReading?) -> String {
        let configurations = project?.configurations ?? []
        if configurations.contains(where: { $0.name == "Release" }) || configurations.isEmpty { return "Release" }
        return (configurations.first(where: \.isRelease) ?? configurations[0]).name
    }

    /// A `settings:` value (`.settings(base:configurations:)`, `Settings(…)`); nil when it is absent.
    func settings(_ value: TuistValue?) -> SettingsReading? {
        guard let value, value.stringValue == nil else { return nil }
        if case .null = value { return nil }
        var reading = SettingsReading()
        guard let construct = value.construct, ["settings", "Settings"].contains(construct.name) else {
            reading.unread = unreadPlace(value, fallback: nil)
            return reading
        }
        reading.base = entries(construct.argument("base"), into: &reading.unread)
        for element in construct.argument("configurations")?.arrayValue ?? [] {
            guard let configuration = element.construct, ["debug", "release"].contains(configuration.name),
                  let name = configurationName(configuration.argument("name")) else {
                reading.unread = reading.unread ?? unreadPlace(element, fallback: construct.site)
                continue
            }
            let values = entries(configuration.argument("settings"), into: &reading.unread)
            let xcconfig = path(configuration.argument("xcconfig"))
            reading.configurations.append((name, configuration.name == "release", values, xcconfig))
        }
        if let list = construct.argument("configurations"), list.arrayValue == nil {
            reading.unread = reading.unread ?? unreadPlace(list, fallback: construct.site)
        }
        return reading
    }

    /// The levels a target's settings stack holds for `configuration`: its own settings, its xcconfig, then the
    /// project's.
    static func levels(_ reading: SettingsReading?, configuration: String, xcconfigs: inout XCConfigFiles) -> [BuildSettingStack.Level] {
        guard let reading else { return [] }
        var own = reading.base
        let chosen = reading.configurations.first { $0.name == configuration }
        own.merge(chosen?.values ?? [:]) { $1 }
        var levels = [BuildSettingStack.Level(own, unreadFile: nil)]
        if let unread = reading.unread { levels.append(BuildSettingStack.Level([:], unreadFile: unread)) }
        if let path = chosen?.xcconfig {
            let file = xcconfigs.settings(of: path)
            levels.append(file.readable ? BuildSettingStack.Level(file.values) : BuildSettingStack.Level([:], unreadFile: path))
        }
        return levels
    }

    private func configurationName(_ value: TuistValue?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .construct(let construct)?:
            if construct.name == "configuration" { return construct.firstUnlabelled?.stringValue }
            if !construct.isCall, construct.name == "debug" { return "Debug" }
            if !construct.isCall, construct.name == "release" { return "Release" }
            return nil
        default: return nil
        }
    }

    /// The entries of a settings dictionary archlint reads, as text; what it couldn't read sets `unread`.
    private func entries(_ value: TuistValue?, into unread: inout String?) -> [String: String] {
        guard let value else { return [:] }
        if case .null = value { return [:] }
        guard let construct = value.construct, TuistSettings.isDictionary(construct) else {
            unread = unread ?? unreadPlace(value, fallback: nil)
            return [:]
        }
        var result: [String: String] = [:]
        for entry in construct.arguments {
            guard let key = entry.label else {
                unread = unread ?? unreadPlace(entry.value, fallback: construct.site)
                continue
            }
            guard let text = TuistSettings.text(of: entry.value) else {
                unread = unread ?? unreadPlace(entry.value, fallback: construct.site)
                continue
            }
            result[key] = text
        }
        return result
    }

    /// Where a value archlint couldn't read is: the issue already reported for it, else a new one at its site (it
    /// may set the Swift language mode or default isolation).
    private func unreadPlace(_ value: TuistValue, fallback: TuistSite?) -> String {
        if let issue = value.unread?.issues.first { return "\(issue.file):\(issue.line)" }
        var site = value.construct?.site ?? fallback ?? TuistSite(file: manifest, line: 1, column: 1)
        if case .alternatives(_, let branch) = value { site = branch }
        if let opaque = value.construct, !opaque.isCall || ["debug", "release"].contains(opaque.name) {
            // A helper's static archlint couldn't type (`.default`, `name: .dev`): most apps have one per project,
            // and few set these keys there, so it is not reported; the mode is still assumed where it matters
            // (`generate needle` says so).
            return "\(site.file):\(site.line) (.\(opaque.isCall ? opaque.name + "(…)" : opaque.name), a helper's value archlint can't type)"
        }
        let what: String
        switch value {
        case .construct(let construct): what = " (`\(construct.isCall ? construct.name + "(…)" : construct.name)`)"
        case .environment(let expression): what = " (`\(expression)`, read when `tuist generate` runs)"
        case .alternatives(let choices, _):
            what = " (a value per branch of `\(choices.first?.condition ?? "")`, known when `tuist generate` runs)"
        default: what = ""
        }
        let issue = report("build settings archlint can't read here\(what) may set `SWIFT_VERSION` or "
                           + "`SWIFT_DEFAULT_ACTOR_ISOLATION`; archlint assumes the Swift language mode and default "
                           + "isolation from the settings it reads (`archlint generate needle --swift-version` says it "
                           + "instead)", site)
        return "\(issue.file):\(issue.line)"
    }
}
