import ArchlintModel
import Foundation
import Graphs

/// `archlint metrics` output: text (aligned tables), json (a documented contract) and csv (one row per module,
/// layer and feature).
public enum MetricsReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, json, csv
    }

    public static func render(_ metrics: ArchitectureMetrics, format: Format) -> String {
        switch format {
        case .text: text(metrics)
        case .json: json(metrics).rendered() + "\n"
        case .csv: csv(metrics)
        }
    }

    // MARK: JSON

    public static func json(_ metrics: ArchitectureMetrics) -> JSONValue {
        .object([
            ("kind", .string("metrics")),
            ("modules", .array(metrics.modules.map { module in
                .object([
                    ("id", .string(module.id)),
                    ("name", .string(module.name)),
                    ("type", .string(module.type.rawValue)),
                    ("layer", .optional(module.layer)),
                    ("feature", .optional(module.feature)),
                ] + members(module.metrics))
            })),
            ("layers", .array(metrics.layers.map(group))),
            ("features", .array(metrics.features.map(group))),
        ])
    }

    /// The metrics of one module as the graph JSON and `metrics --format json` write them.
    public static func members(_ metrics: CouplingMetrics) -> [(key: String, value: JSONValue)] {
        [
            ("fanIn", .int(metrics.fanIn)),
            ("fanOut", .int(metrics.fanOut)),
            ("instability", .decimal(metrics.instability)),
            ("abstractness", .decimal(metrics.abstractness)),
            ("distance", .decimal(metrics.distance)),
            ("types", .int(metrics.types)),
            ("protocols", .int(metrics.protocols)),
            ("files", .int(metrics.files)),
            ("lines", .int(metrics.lines)),
            ("components", .int(metrics.components)),
        ]
    }

    private static func group(_ group: GroupMetrics) -> JSONValue {
        .object([("name", .string(group.name)), ("modules", .strings(group.modules))]
            + members(group.metrics) + [("meanDistance", .decimal(group.meanDistance))])
    }

    // MARK: CSV

    /// One header, then one row per module, layer and feature (`scope` says which).
    public static func csv(_ metrics: ArchitectureMetrics) -> String {
        var rows = [[
            "scope", "id", "name", "type", "layer", "feature", "modules", "fanIn", "fanOut", "instability",
            "abstractness", "distance", "types", "protocols", "files", "lines", "components",
        ]]
        func numbers(_ metrics: CouplingMetrics) -> [String] {
            [
                String(metrics.fanIn), String(metrics.fanOut), JSONValue.decimalText(metrics.instability),
                JSONValue.decimalText(metrics.abstractness), JSONValue.decimalText(metrics.distance),
                String(metrics.types), String(metrics.protocols), String(metrics.files), String(metrics.lines),
                String(metrics.components),
            ]
        }
        for module in metrics.modules {
            rows.append(["module", module.id, module.name, module.type.rawValue, module.layer ?? "", module.feature ?? "", "1"]
                + numbers(module.metrics))
        }
        for layer in metrics.layers {
            rows.append(["layer", layer.name, layer.name, "", layer.name, "", String(layer.modules.count)] + numbers(layer.metrics))
        }
        for feature in metrics.features {
            rows.append(["feature", feature.name, feature.name, "", "", feature.name, String(feature.modules.count)]
                + numbers(feature.metrics))
        }
        return rows.map { $0.map(csvField).joined(separator: ",") }.joined(separator: "\n") + "\n"
    }

    /// RFC 4180: a field holding a comma, a quote or a line break is quoted, its quotes doubled. A field that a
    /// spreadsheet would run as a formula (`=`, `+`, `-`, `@` first) gets a leading `'`.
    public static func csvField(_ field: String) -> String {
        var field = VisibleText.escaped(field)
        if let first = field.first, "=+-@".contains(first), Double(field) == nil { field = "'" + field }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: Text

    public static func text(_ metrics: ArchitectureMetrics) -> String {
        let headers = ["Ca", "Ce", "I", "A", "D", "files", "lines", "comp"]
        func numbers(_ metrics: CouplingMetrics) -> [String] {
            [
                String(metrics.fanIn), String(metrics.fanOut), fixed(metrics.instability), fixed(metrics.abstractness),
                fixed(metrics.distance), String(metrics.files), String(metrics.lines), String(metrics.components),
            ]
        }
        var text = table(title: "Modules", rows: metrics.modules.map { [$0.id] + numbers($0.metrics) }, headers: ["module"] + headers)
        if !metrics.layers.isEmpty {
            text += "\n" + table(
                title: "Layers", rows: metrics.layers.map { [$0.name, String($0.modules.count)] + numbers($0.metrics) },
                headers: ["layer", "modules"] + headers)
        }
        if !metrics.features.isEmpty {
            text += "\n" + table(
                title: "Features", rows: metrics.features.map { [$0.name, String($0.modules.count)] + numbers($0.metrics) },
                headers: ["feature", "modules"] + headers)
        }
        text += "\nCa: modules depending on it (tests not counted), Ce: modules it depends on (declared or imported, "
            + "externals left out), I = Ce/(Ca+Ce) (1 when both are 0), A = protocols/types, D = |A+I-1|.\n"
        return text
    }

    private static func fixed(_ value: Double) -> String { String(format: "%.2f", value) }

    /// A title line, then the first column left-aligned and the others right-aligned.
    private static func table(title: String, rows: [[String]], headers: [String]) -> String {
        let cells = ([headers] + rows).map { $0.map { VisibleText.escaped($0) } }
        let widths = headers.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        var text = "\(title) (\(rows.count))\n"
        for row in cells {
            let padded = row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }
            text += padded.joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }
        return text
    }
}
