import ArchlintKit
import ArchlintModel
import ArgumentParser
import Scaffolding
import SystemSupport

/// `archlint new …`: code that fits the analysed architecture.
struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Scaffold code wired into the app's architecture.",
        subcommands: [NewComponentCommand.self])
}

struct NewComponentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "component",
        abstract: "Scaffold a Needle component (and its RIB or SwiftUI builder) and add its factory to the parent component.",
        discussion: """
            Writes <module folder>/NAME/NAMEComponent.swift (the component and its Dependency protocol); with --ribs \
            also the Buildable protocol, Builder, Interactor, Router and ViewController; with --swiftui the \
            Buildable protocol, its type-erased AnyNAMEBuilder, the Builder and the View. The parent's file gets \
            `var nameComponent: NAMEComponent { NAMEComponent(parent: self) }` (and, with --ribs, \
            `extension ParentComponent: NAMEDependency {}`). Templates: .archlint/templates/<name>.stencil \
            replaces a built-in one.
            """)

    @Argument(help: "The feature's type name: Settings makes SettingsComponent and SettingsDependency.")
    var name: String

    @OptionGroup var analysis: AnalysisOptions

    @Option(name: .long, help: "The parent Needle component (its class name).")
    var parent: String

    @Option(name: .long, help: "The module the new files belong to (id or name; default: the parent's).")
    var module: String?

    @Option(name: .long, help: "The module that receives the Buildable protocol (default: beside the builder).")
    var interface: String?

    @Option(name: .long, help: "The app (Needle scope) whose parent component is meant, when several declare one of that name.")
    var app: String?

    @Flag(name: .long, help: "Also a RIB: Builder, Interactor, Router, ViewController and the Buildable protocol.")
    var ribs = false

    @Flag(name: .long, help: "Also a SwiftUI view with its type-erased builder (never AnyView).")
    var swiftui = false

    @Flag(name: .long, help: "Print the new files and the patch to the parent's file; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Replace generated files that already exist.")
    var force = false

    func validate() throws {
        try analysis.validate()
        if ribs && swiftui {
            throw ValidationError("--ribs and --swiftui make different builders; choose one.")
        }
    }

    func run() throws {
        var request = ScaffoldRequest(
            name: name, parent: parent, module: module, interfaceModule: interface, app: app,
            flavor: ribs ? .ribs : swiftui ? .swiftui : .plain, force: force)
        request.allowsOutsideRoot = analysis.allowOutsideRoot
        // Bad names fail before the analysis runs.
        try exitTwo { () throws(ScaffoldError) in try Scaffolder.validate(request) }
        let result = try analysis.analyze()
        let plan = try exitTwo { () throws(ScaffoldError) in
            try Scaffolder.plan(request, root: analysis.path, workspace: result.workspace, moduleGraph: result.moduleGraph)
        }
        if dryRun {
            Console.output(plan.dryRunText())
        } else {
            CrashContext.setPhase("writing")
            for path in try exitTwo({ () throws(ScaffoldError) in try ScaffoldWriter.write(plan) }) {
                Console.error(path == plan.parentPatch.path ? "patched \(path)" : "wrote \(path)")
            }
        }
        for note in plan.notes { Console.error("note: \(note)") }
    }

    /// Bad input and refused writes: the message, exit 2.
    private func exitTwo<T>(_ body: () throws(ScaffoldError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw CommandFailure(message: error.message)
        }
    }
}
