import ArchlintModel

/// The legend: one node holding an HTML-like table, in its own cluster.
struct DotLegend {
    struct Swatch {
        var fill: String
        var border: String
        var caption: String
    }

    struct LineSample {
        var sample: String
        var color: String
        var caption: String
    }

    var swatches: [Swatch]
    var lines: [LineSample]

    func write(into builder: inout DotBuilder, id: String, graphID: String) {
        var rows = swatches.map { swatch in
            "<TR><TD BGCOLOR=\"\(swatch.fill)\" COLOR=\"\(swatch.border)\" WIDTH=\"28\"> </TD>"
                + "<TD ALIGN=\"LEFT\" BORDER=\"0\">\(DotSyntax.htmlText(swatch.caption))</TD></TR>"
        }
        rows += lines.map { line in
            "<TR><TD BORDER=\"0\"><FONT COLOR=\"\(line.color)\">\(DotSyntax.htmlText(line.sample))</FONT></TD>"
                + "<TD ALIGN=\"LEFT\" BORDER=\"0\">\(DotSyntax.htmlText(line.caption))</TD></TR>"
        }
        let table = "<<TABLE BORDER=\"0\" CELLBORDER=\"1\" CELLSPACING=\"2\" CELLPADDING=\"3\">"
            + rows.joined() + "</TABLE>>"
        builder.open("subgraph \(DotSyntax.id("cluster_legend"))")
        var graph = DotAttributes()
        graph.set("id", "\(graphID)_legend")
        graph.set("label", "Legend")
        graph.set("tooltip", "Legend")
        graph.set("style", "rounded")
        graph.set("color", GraphStyle.clusterBorder)
        graph.set("fontsize", "10")
        builder.line("graph\(graph.text)")
        var node = DotAttributes()
        node.set("shape", "plain")
        node.set("fontsize", "9")
        node.set("style", "")
        node.setRaw("label", table)
        node.set("tooltip", "Legend")
        node.set("class", "legend")
        builder.line(DotSyntax.id(id) + node.text)
        builder.close()
    }

    /// One line per severity drawn, most severe first, in the colours the findings are drawn with; the cycle line
    /// when a cycle is drawn.
    static func findingLines(_ severities: Set<Severity>, cycle: Bool = false) -> [LineSample] {
        var lines = Severity.allCases.reversed().filter(severities.contains).map { severity in
            LineSample(sample: "→ rule-id", color: GraphStyle.color(severity), caption: "\(severity.rawValue) (label: rule id)")
        }
        if cycle { lines.append(LineSample(sample: "━▶", color: GraphStyle.violation, caption: "cycle (bold)")) }
        return lines
    }

    /// Outlines of nodes with findings, one per severity drawn, in the same colours: each colour means one thing.
    static func findingOutlines(_ severities: Set<Severity>) -> [Swatch] {
        Severity.allCases.reversed().filter(severities.contains).map { severity in
            let colour = switch severity {
            case .error: "red"
            case .warning: "amber"
            case .note: "grey"
            }
            return Swatch(fill: "#ffffff", border: GraphStyle.color(severity), caption: "\(colour) outline: \(severity.rawValue) on it")
        }
    }
}
