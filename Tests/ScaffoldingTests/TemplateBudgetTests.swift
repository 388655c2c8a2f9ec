import Foundation
@testable import Scaffolding
import Stencil
import Testing

/// A repository ships its own templates (`.archlint/templates`), so a template is untrusted input: each hostile one
/// is a template error naming the file, without a write, never a crash or a hang.
/// A hang fails the suite; speed is archlint-bench's to measure, not a unit test's.
@Suite(.timeLimit(.minutes(5))) struct TemplateBudgetTests {
    nonisolated(unsafe) static let context: [String: Any] = [
        "name": "Settings", "component": "SettingsComponent", "dependency": "SettingsDependency",
        "parent": "ProfileComponent", "property": "settingsComponent", "module": "Profile", "interfaceModule": "",
        "access": "", "interfaceAccess": "", "imports": ["RIBs", "SettingsInterface"],
    ]

    /// Renders `component` with the team's `templates`; returns the error's message.
    func failure(_ templates: [String: String]) -> String? {
        let scaffold = ScaffoldTemplates(
            texts: EmbeddedTemplates.templates.merging(templates) { $1 }, overridden: templates.keys.sorted())
        do {
            let text = try scaffold.render("component", Self.context)
            Issue.record("rendered \(text.utf8.count) bytes")
            return nil
        } catch {
            return error.message
        }
    }

    func failure(_ component: String) -> String? {
        failure(["component": component])
    }

    static let over = ": the template is over archlint's budget for templates"

    // MARK: The cases of issue 37

    @Test func includingItselfEndsAtTheNestingBudget() {  // F02: a segfault before
        #expect(failure(#"{% include "component" %}"#) == ".archlint/templates/component.stencil doesn't render: "
            + "includes and extends nest deeper than 16 templates (does a template include or extend itself?)"
            + Self.over + " (line 1)")
    }

    @Test func extendingItselfEndsAtTheNestingBudget() {  // F03: a segfault before
        #expect(failure(#"{% extends "component" %}{% block a %}x{% endblock %}"#)
            == ".archlint/templates/component.stencil doesn't render: includes and extends nest deeper than 16 "
            + "templates (does a template include or extend itself?)" + Self.over + " (line 1)")
    }

    @Test func aBillionStepRangeIsNeverMadeIntoAnArray() {  // F04: an abort (16 GB) before
        #expect(failure("{% for i in 1...2000000000 %}{{ i }}{% endfor %}")
            == ".archlint/templates/component.stencil doesn't render: loops run more than 20000 times in all"
            + Self.over + " (line 1)")
    }

    @Test func aLongLoopEndsAtTheIterationBudget() {  // F05: a hang before
        #expect(failure("{% for i in 1...30000000 %}{% endfor %}")
            == ".archlint/templates/component.stencil doesn't render: loops run more than 20000 times in all"
            + Self.over + " (line 1)")
    }

    @Test func aHugeIndentIsRefused() {  // F06: an abort before
        #expect(failure("{{ name|indent:1000000000 }}")
            == ".archlint/templates/component.stencil doesn't render: 'indent' makes an indentation of at most 1024 "
            + "characters (width 1000000000 of 1-character text)" + Self.over + " (line 1)")
    }

    @Test func nestedLoopsEndAtTheIterationBudget() {  // F07: a hang before
        let loops = (0..<4).map { "{% for i\($0) in 1...100 %}" }.joined() + "x" + String(repeating: "{% endfor %}", count: 4)
        #expect(failure(loops) == ".archlint/templates/component.stencil doesn't render: loops run more than 20000 "
            + "times in all" + Self.over + " (line 1)")
    }

    /// The cases as a team ships them: `new component` with the template in `.archlint/templates` is refused with
    /// the message, within 10 s, and nothing is written.
    @Test(arguments: [
        (#"{% include "component" %}"#, "includes and extends nest deeper than 16 templates"),
        (#"{% extends "component" %}"#, "includes and extends nest deeper than 16 templates"),
        ("{% for i in 1...2000000000 %}{{ i }}{% endfor %}", "loops run more than 20000 times in all"),
        ("{% for i in 1...30000000 %}{% endfor %}", "loops run more than 20000 times in all"),
        ("{{ name|indent:1000000000 }}", "'indent' makes an indentation of at most 1024 characters"),
        ((0..<4).map { "{% for i\($0) in 1...100 %}" }.joined() + "x" + String(repeating: "{% endfor %}", count: 4),
         "loops run more than 20000 times in all"),
    ])
    func shippedTemplateIsRefusedAndNothingIsWritten(template: String, reason: String) throws {
        let root = try ScaffoldFixtures.copy("scaffold-app")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent(".archlint/templates")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(template.utf8).write(to: folder.appendingPathComponent("component.stencil"))
        let before = ScaffoldFixtures.snapshot(root)
        #expect {
            try ScaffoldWriter.write(try ScaffoldFixtures.plan(ScaffoldRequest(name: "Settings", parent: "ProfileComponent"), in: root))
        } throws: { error in
            let message = (error as? ScaffoldError)?.message ?? ""
            return message.hasPrefix(".archlint/templates/component.stencil doesn't render: \(reason)")
        }
        #expect(ScaffoldFixtures.snapshot(root) == before, "something was written")
    }

    // MARK: More of the same shape

    /// The built-in templates' names, `component` first: a team can only override those.
    static let names = ["component"] + EmbeddedTemplates.templates.keys.filter { $0 != "component" }.sorted()

    @Test func includesThatDoubleEndAtTheRenderBudget() {
        // Each template includes the next one twice: 2^10 renders, 10 deep.
        var templates: [String: String] = [:]
        for (name, next) in zip(Self.names, Self.names.dropFirst()) {
            templates[name] = "{% include \"\(next)\" %}{% include \"\(next)\" %}"
        }
        templates[Self.names.last!] = "x"
        let message = failure(templates)
        #expect(message?.hasPrefix(".archlint/templates/component.stencil doesn't render: includes and extends render "
            + "more than 256 templates" + Self.over + " (line 1 of .archlint/templates/") == true, "\(message ?? "")")
    }

    @Test func includeCycleThroughAnotherTemplate() {
        let message = failure(["component": #"{% include "parent-factory" %}"#, "parent-factory": #"{% include "component" %}"#])
        #expect(message?.hasPrefix(".archlint/templates/component.stencil doesn't render: includes and extends nest deeper") == true)
    }

    @Test func blockSuperThatDoublesEndsAtTheOutputBudget() {
        // Each template extends the next one and writes its block's `block.super` twice: 2^10 copies of 10 KB.
        var templates: [String: String] = [:]
        for (name, next) in zip(Self.names, Self.names.dropFirst()) {
            templates[name] = "{% extends \"\(next)\" %}{% block a %}{{ block.super }}{{ block.super }}{% endblock %}"
        }
        templates[Self.names.last!] = "{% block a %}" + String(repeating: "x", count: 10_000) + "{% endblock %}"
        let message = failure(templates)
        #expect(message?.hasPrefix(".archlint/templates/component.stencil doesn't render: the template writes more "
            + "than 4 MiB of text" + Self.over) == true, "\(message ?? "")")
    }

    @Test func aLargeLoopBodyEndsAtTheLoopTextBudget() {
        // 16,000 iterations are within the count, but each renders 2 KiB of text that trims to nothing.
        let body = String(repeating: " ", count: 2048)
        #expect(failure("{% for i in 1...50000 %}{%- if false %}{% endif -%}\(body){% endfor %}")
            == ".archlint/templates/component.stencil doesn't render: loops render more than 32 MiB of template text "
            + "in all" + Self.over + " (line 1)")
    }

    @Test func outputEndsAtTheOutputBudget() {
        let line = String(repeating: "x", count: 1000)
        #expect(failure("{% for i in 1...10000 %}\(line){% endfor %}")
            == ".archlint/templates/component.stencil doesn't render: the template writes more than 4 MiB of text"
            + Self.over + " (line 1)")
    }

    @Test func joinThatWouldOutgrowTheBudgetIsRefused() {
        let separator = String(repeating: "-", count: 60000)
        let message = failure("{% for i in 1...100 %}{{ imports|join:\"\(separator)\" }}{% endfor %}")
        #expect(message?.contains("the template writes more than 4 MiB of text") == true
            || message?.contains("'join' would write more than 4 MiB") == true, "\(message ?? "")")
    }

    @Test func filterFiltersNestOnlySoDeep() {
        // `x|filter:imports.0` with imports.0 naming `filter:...` again would recurse for ever.
        let scaffold = ScaffoldTemplates(texts: ["t": "{{ name|filter:loop }}"])
        #expect(throws: ScaffoldError(
            "built-in template 't' doesn't render: `filter` filters nest deeper than 8" + Self.over + " (line 1)")) {
            try scaffold.render("t", ["name": "x", "loop": "filter:loop"])
        }
    }

    @Test(arguments: [
        ("{% if 1...2000000000 %}x{% endif %}", "a range (`1...2000000000`) may only be the sequence of a `for` loop"),
        ("{{ 1...2000000000 }}", "a range (`1...2000000000`) may only be the sequence of a `for` loop"),
        ("{% for i in imports where 1...2000000000 %}{% endfor %}",
         "a range (`1...2000000000`) may only be the sequence of a `for` loop"),
        ("{% for i in -9223372036854775807...9223372036854775807 %}{% endfor %}",
         "the range -9223372036854775807...9223372036854775807 is longer than any loop may run" + over),
        ("{% for i in 1...1e30 %}{% endfor %}", "'to' value is not an Integer (1e+30)"),
        ("{{ name|indent:-1 }}", "'indent' makes an indentation of at most 1024 characters (width -1 of 1-character text)" + over),
        ("{{ name|indent:100,\"xxxxxxxxxxxx\" }}",
         "'indent' makes an indentation of at most 1024 characters (width 100 of 12-character text)" + over),
        (String(repeating: "{% if name %}", count: 40), "tags nest deeper than 32" + over),
        (String(repeating: "{% extends \"component\" %}", count: 40), "tags nest deeper than 32" + over),
        ("{% if " + String(repeating: "not ", count: 100) + "name %}{% endif %}",
         "a tag of more than 64 words is over archlint's budget for templates"),
        ("{{ imports[" + String(repeating: "imports[", count: 10) + "0" + String(repeating: "]", count: 11) + " }}",
         "subscripts nest deeper than 8 (`a[b[c]]`)" + over),
    ])
    func refusedBeforeRendering(template: String, reason: String) {
        #expect(failure(template) == ".archlint/templates/component.stencil doesn't render: \(reason) (line 1)")
    }

    @Test func largeTemplatesAreRefusedBeforeStencilLexesThem() {
        // Stencil's lexer copies the rest of the text at each tag: 64 KiB of `{{a}}` took minutes.
        #expect(failure(String(repeating: "{{ a }}", count: 12000))
            == ".archlint/templates/component.stencil doesn't render: the template 'component' is larger than 64 KiB, "
            + "over archlint's budget for templates")
        #expect(failure(String(repeating: "{{a}}", count: 2001))
            == ".archlint/templates/component.stencil doesn't render: the template 'component' has more than 2000 tags "
            + "and variables, over archlint's budget for templates")
        #expect(failure(String(repeating: "\n", count: 2001))
            == ".archlint/templates/component.stencil doesn't render: the template 'component' has more than 2000 "
            + "lines, over archlint's budget for templates")
    }

    @Test func theDeadlineIsABackstop() throws {
        var budget = TemplateBudget()
        budget.seconds = 0
        #expect(throws: TemplateSyntaxError.self) {
            try TemplateEnvironment.render("t", context: [:], templates: ["t": "{% for i in 1...2 %}{% endfor %}"], budget: budget)
        }
    }

    // MARK: Stencil's language, unchanged

    /// Templates within the budget render exactly as Stencil renders them.
    @Test(arguments: [
        "{% for module in imports %}import {{ module }}\n{% endfor %}",
        "{% for i in 1...3 %}{{ i }}{% if not forloop.last %},{% endif %}{% endfor %}|{% for i in 3...1 %}{{ i }}{% endfor %}",
        "{% for i in 0...0 %}{{ forloop.first }}{{ forloop.last }}{{ forloop.counter }}{{ forloop.counter0 }}{{ forloop.length }}{% endfor %}",
        "{% for x in missing %}a{% empty %}none{% endfor %}",
        "{% for key, value in table %}{{ key }}={{ value }};{% endfor %}",
        "{% for _, value in table %}{{ value }}{% endfor %}",
        "{% for i in 1...10 where i > 7 %}{{ i }}{% endfor %}",
        "{% for i in 1...5 %}{% if i == 3 %}{% break %}{% endif %}{{ i }}{% endfor %}",
        "{% for i in 1...5 %}{% if i == 3 %}{% continue %}{% endif %}{{ i }}{% endfor %}",
        "{% outer: for i in 1...3 %}{% for j in 1...3 %}{% if j == 2 %}{% continue outer %}{% endif %}{{ i }}{{ j }}"
            + "{{ forloop.outer.counter }} {% endfor %}{% endfor %}",
        "{% outer: for i in 1...3 %}{% for j in 1...3 %}{% if i == 2 %}{% break outer %}{% endif %}{{ i }}{{ j }}{% endfor %}{% endfor %}",
        "{% for c in name %}{{ c }}{% endfor %}",
        "{% for i in 1...2 %}\n  {{ i }}\n{% endfor %}\nend",
        "{% for i in 2.0...3 %}{{ i }}{% endfor %}",
        "{{ name|indent }}|{{ lines|indent:2 }}|{{ lines|indent:1,\"-\",true }}|{{ lines|indent:0 }}",
        "{{ imports|join }}|{{ imports|join:\", \" }}|{{ name|join:\",\" }}|{{ csv|split:\",\"|join:\"+\" }}|{{ name|split }}",
        "{{ name|filter:\"uppercase\" }}|{% filter lowercase|indent:2 %}A\nB{% endfilter %}",
        "{% include \"part\" %}|{% include \"part\" table %}",
        "{% extends \"base\" %}{% block title %}[{{ block.super }}]{% endblock %}{% block body %}own{% endblock %}",
        "{% extends \"middle\" %}{% block title %}<{{ block.super }}>{% endblock %}",
        "{% block title %}alone{% endblock %}{{ block.title }}",
    ])
    func rendersAsStencil(template: String) throws {
        let templates = [
            "t": template, "part": "{{ name }}{{ a }}", "base": "{% block title %}T{% endblock %}/{% block body %}B{% endblock %}",
            "middle": "{% extends \"base\" %}{% block title %}M{{ block.super }}{% endblock %}",
        ]
        let context: [String: Any] = [
            "name": "Settings", "imports": ["RIBs", "Core"], "table": ["a": 1, "b": 2], "lines": "one\n\ntwo\nthree",
            "csv": "x,y,z",
        ]
        let stencil = try Environment(loader: DictionaryLoader(templates: templates), trimBehaviour: .smart)
            .renderTemplate(name: "t", context: context)
        #expect(try TemplateEnvironment.render("t", context: context, templates: templates) == stencil)
    }

    @Test func builtInTemplatesRenderAsStencil() throws {
        for name in EmbeddedTemplates.templates.keys.sorted() {
            let stencil = try Environment(loader: DictionaryLoader(templates: EmbeddedTemplates.templates), trimBehaviour: .smart)
                .renderTemplate(name: name, context: Self.context)
            #expect(try ScaffoldTemplates().render(name, Self.context) == stencil, "\(name)")
        }
    }
}
