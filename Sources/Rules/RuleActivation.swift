import ArchlintModel
import Graphs

/// Which rule groups run on this codebase, and why: the one place that decides that the RIBs rules run only
/// where the code uses RIBs. Returned with the lint result, so the summary can say it.
public struct RuleActivation: Codable, Hashable, Sendable {
    /// A rule group that runs only where the code calls for it.
    public struct GroupStatus: Codable, Hashable, Sendable {
        /// `RuleGroup.rawValue` (`ribs`).
        public var group: String
        public var active: Bool
        /// Why, in words: `Sources/Home/HomeView.swift imports RIBs`, `no file imports RIBs and …`.
        public var reason: String
        /// Rules of an inactive group that run anyway because the configuration sets their severity.
        public var explicitlyEnabled: [String]

        public init(group: String, active: Bool, reason: String, explicitlyEnabled: [String] = []) {
            self.group = group
            self.active = active
            self.reason = reason
            self.explicitlyEnabled = explicitlyEnabled
        }
    }

    public var groups: [GroupStatus]

    public init(groups: [GroupStatus]) {
        self.groups = groups
    }

    /// The preset that turns the RIBs rules on wherever it is extended.
    public static let ribsPreset = "needle-ribs"

    /// Decides from the configuration and the code: the RIBs group is active when the configuration extends
    /// `needle-ribs`, or a Swift file imports RIBs (or a fork), or a Router, an Interactor and a Builder share a name.
    public init(workspace: WorkspaceModel, types: TypeIndex, configuration: ArchlintConfiguration) {
        let ribsRules = RuleRegistry.all.map { $0.description }.filter { $0.group == .ribs }.map(\.id)
        let explicit = ribsRules.filter { configuration.userRuleIDs.contains($0) }
        let status: GroupStatus
        if configuration.presets.contains(Self.ribsPreset) {
            status = GroupStatus(group: RuleGroup.ribs.rawValue, active: true, reason: "the configuration extends \(Self.ribsPreset)")
        } else if let (file, ribs) = workspace.files.lazy.compactMap({ file in
            file.facts.imports.first { NeedleAnalysis.isRIBsModule($0.module) }.map { (file, $0.module) }
        }).first {
            status = GroupStatus(group: RuleGroup.ribs.rawValue, active: true, reason: "\(file.path) imports \(ribs)")
        } else if let name = Self.firstTriad(types) {
            status = GroupStatus(
                group: RuleGroup.ribs.rawValue, active: true,
                reason: "\(name)Router, \(name)Interactor and \(name)Builder form a RIB")
        } else {
            status = GroupStatus(
                group: RuleGroup.ribs.rawValue, active: false,
                reason: "no file imports RIBs and no Router/Interactor/Builder triad", explicitlyEnabled: explicit)
        }
        groups = [status]
    }

    /// What deciding the group needs parsed: nothing when the configuration decides it (imports are always
    /// read); else every declaration named `…Router`, and the `…Interactor` and `…Builder` of the same name.
    public static func scanDemand(_ configuration: ArchlintConfiguration) -> ScanDemand {
        if configuration.presets.contains(ribsPreset) { return .importsOnly }
        return ScanDemand(names: [String](), nameParts: ["Router"], companions: [["Router", "Interactor", "Builder"]])
    }

    public init(_ context: LintContext) {
        self.init(workspace: context.workspace, types: context.types, configuration: context.configuration)
    }

    /// The first name (alphabetically) with a `<name>Router`, `<name>Interactor` and `<name>Builder` type.
    static func firstTriad(_ types: TypeIndex) -> String? {
        let names = types.declaredNames
        return names.filter { $0.hasSuffix("Router") && $0.count > "Router".count }
            .map { String($0.dropLast("Router".count)) }
            .filter { names.contains($0 + "Interactor") && names.contains($0 + "Builder") }
            .min()
    }

    /// Whether `rule`'s group runs: rules outside the groups decided here always do. `FindingsPolicy` combines this
    /// with the configuration; read that.
    public func isActive(_ rule: RuleDescription) -> Bool {
        guard let status = groups.first(where: { $0.group == rule.group.rawValue }) else { return true }
        return status.active || status.explicitlyEnabled.contains(rule.id)
    }

    /// One line per group for the text summary: `RIBs rules off: …; turn them on with `extends: needle-ribs``.
    public var summaryLines: [String] {
        groups.map { status in
            let title = RuleGroup(rawValue: status.group)?.title ?? status.group
            if status.active { return "\(title) on: \(status.reason)." }
            var line = "\(title) off: \(status.reason)"
            if !status.explicitlyEnabled.isEmpty {
                line += " (\(status.explicitlyEnabled.joined(separator: ", ")) on: set in the configuration)"
            }
            return line + "; turn them on with `extends: \(Self.ribsPreset)`."
        }
    }
}
