import Foundation

/// Text and JSON renderings of a `BenchResult`.
enum BenchReport {
    static func json(_ result: BenchResult) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(result)) ?? Data(), as: UTF8.self)
    }

    static func text(_ result: BenchResult) -> String {
        var lines: [String] = []
        let corpus = result.corpus
        lines.append("archlint-bench  seed \(result.seed)  scale \(result.scale)")
        lines.append(
            "corpus: \(corpus.files) files, \(corpus.lines) lines, \(megabytes(corpus.bytes)), \(corpus.modules) modules, "
                + "\(corpus.packages) packages (generated in \(seconds(result.generationSeconds)))")
        lines.append("lint: \(result.linter)")
        lines.append("")
        lines.append(pad("stage", 34) + pad("time", 10) + pad("× (a)", 9) + pad("peak RSS", 11) + "target")
        for stage in result.stages {
            lines.append(row(stage))
        }
        lines.append(
            "(a) measured before and after the lint runs: \(seconds(result.parseSecondsBefore)) / "
                + "\(seconds(result.parseSecondsAfter)); ratios use the faster")
        lines.append("")
        lines.append("parse and scanner alone (in the benchmark process, RSS includes the loaded corpus):")
        for stage in result.scannerStages { lines.append(row(stage)) }
        lines.append(
            result.fastScanMismatches == 0
                ? "  .fast facts identical to .full on every file"
                : "  MISMATCH: .fast facts differ from .full on \(result.fastScanMismatches) files")
        if let skim = result.skim {
            lines.append("")
            lines.append(
                "skim: a cold lint read \(skim.skimmedFiles) of \(corpus.files) files for their imports only; "
                    + String(format: "%.2f× the time of (b*) `--parse-all`; ", skim.ratio)
                    + (skim.identical ? "JSON output identical to (b*)" : "MISMATCH: JSON output differs from (b*)"))
        }
        if !result.projectReading.isEmpty {
            lines.append("")
            lines.append("project reading (in the benchmark process), share of (b) cold lint, budget "
                + String(format: "%.0f%%", ProjectReading.budget * 100) + ":")
            for reading in result.projectReading {
                let verdict = reading.shareOfColdLint <= ProjectReading.budget ? "ok" : "OVER BUDGET"
                lines.append(
                    "  " + pad(reading.title, 38) + pad(seconds(reading.seconds), 10)
                        + pad(String(format: "%.2f%%", reading.shareOfColdLint * 100), 8)
                        + "\(verdict)  (\(reading.targets) targets, \(reading.swiftFiles) Swift files, "
                        + "\(megabytes(reading.projectBytes)))")
            }
        }
        if let report = result.report {
            lines.append("")
            lines.append("report on the same corpus (\(report.modules) modules), ratio to the cold lint (f0) run beside it:")
            lines.append("  " + pad("stage", 34) + pad("time", 10) + pad("× (f0)", 9) + pad("peak RSS", 11) + "output")
            for row in report.rows {
                var written = row.outputBytes > 0 ? megabytes(row.outputBytes) : ""
                if row.id == "g", let size = report.svgSize { written += ", \(size)" }
                if let target = row.targetSeconds {
                    written += (row.seconds <= target ? ", ok" : ", OVER") + " (target \(seconds(target)))"
                }
                lines.append(
                    "  " + pad("(\(row.id)) \(row.title)", 34) + pad(seconds(row.seconds), 10)
                        + pad(String(format: "%.2f×", row.ratioToLint), 9) + pad(megabytes(row.peakRSSBytes), 11) + written)
            }
        }
        if let userRules = result.userRules { lines += self.userRules(userRules) }
        if let scaling = result.scaling {
            lines.append("")
            lines.append(
                "scaling: cold lint at 1/10 size (\(scaling.smallFiles) files, \(scaling.smallLines) lines) "
                    + "\(seconds(scaling.smallColdSeconds)) → full size \(seconds(scaling.fullColdSeconds)) = "
                    + String(format: "%.1f×", scaling.growth))
        }
        if let real = result.realRepository {
            lines.append("")
            lines.append("(r) real repository \(real.repository): \(real.files) files, \(real.lines) lines; "
                + "raw parse, 1 thread: \(seconds(real.parseSeconds))")
            for linter in real.linters {
                lines.append("  \(linter.path)")
                for stage in linter.stages { lines.append("  " + row(stage)) }
            }
        }
        if !result.diagnosticsByRule.isEmpty {
            lines.append("")
            lines.append("diagnostics of the cold run by rule (planted violations):")
            for (rule, count) in result.diagnosticsByRule.sorted(by: { $0.key < $1.key }) {
                lines.append("  " + pad(rule, 34) + "\(count)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func userRules(_ cost: UserRulesCost) -> [String] {
        var lines = ["", "user rules on the same corpus, ratio to the cold lint (u0) run beside them:"]
        lines.append("  " + pad("stage", 34) + pad("time", 10) + pad("× (u0)", 9) + pad("peak RSS", 11) + "custom findings")
        for row in cost.rows {
            lines.append(
                "  " + pad("(\(row.id)) \(row.title)", 34) + pad(seconds(row.seconds), 10)
                    + pad(String(format: "%.2f×", row.ratioToLint), 9) + pad(megabytes(row.peakRSSBytes), 11) + "\(row.customFindings)")
        }
        let byRule = cost.findingsByRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        lines.append("  findings of (u): " + byRule.joined(separator: ", "))
        return lines
    }

    private static func row(_ stage: BenchResult.Stage) -> String {
        var text = pad("(\(stage.id)) \(stage.title)", 34) + pad(seconds(stage.seconds), 10)
            + pad(String(format: "%.3f×", stage.ratioToParse), 9) + megabytes(stage.peakRSSBytes)
        if let target = stage.target {
            text = pad(text, 64) + String(format: "≤ %.2f×: ", target)
                + (stage.ratioToParse <= target ? "met" : String(format: "missed by %.2f×", stage.ratioToParse / target))
        }
        return text
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f s", value) }
    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
