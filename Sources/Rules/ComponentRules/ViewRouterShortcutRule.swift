import ArchlintModel
import Configuration
import Graphs

/// A view type that holds, receives or calls a router.
public struct ViewRouterShortcutRule: Rule {
    public static let description = RuleDescription(
        id: "view-router-shortcut",
        name: "View → router shortcut",
        summary: "A view type holds, receives or calls a router, bypassing the interactor.",
        rationale: """
            In RIBs (and in MVVM-C / VIPER) the view reports user intent to its listener (interactor, presenter \
            or view model), which decides and asks the router to navigate. A view that reaches the router \
            directly moves business decisions into UI code, can't be tested without navigation, and breaks when \
            the flow changes. Forward the event to the listener instead. Components and builders that wire a \
            router into an interactor are fine, and so is a router that holds its view.
            """,
        defaultSeverity: .error,
        group: .ribs,
        triggeringExamples: [
            RuleExample([
                "Sources/Home/HomeView.swift": """
                    import SwiftUI

                    struct HomeScreen: View {
                        let ↓router: HomeRouting

                        var body: some View {
                            Button("Details") { ↓router.routeToDetails() }
                        }
                    }
                    """,
                "Sources/Home/HomeHostingController.swift": """
                    import RIBs
                    import SwiftUI

                    final class HomeHostingController: UIHostingController<HomeScreen> {
                        private weak var ↓router: HomeRouter?

                        init(rootView: HomeScreen, ↓router: HomeRouter) {
                            self.router = router
                            super.init(rootView: rootView)
                        }

                        func showSettings() {
                            let ↓settingsRouter = SettingsRouter()
                            ↓settingsRouter.attach()
                        }
                    }
                    """,
            ]),
            RuleExample([
                "Sources/Home/HomeScreen.swift": """
                    final class HomeScreen {
                        let ↓navigator: HomeNavigator

                        init(↓navigator: HomeNavigator) {
                            self.navigator = navigator
                        }
                    }
                    """,
            ], configuration: """
                rules:
                  view-router-shortcut:
                    severity: error
                    options:
                      viewSuffixes: [Screen]
                      routerSuffixes: [Navigator]
                """, caption: "Custom view and router suffixes."),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/Home/HomeView.swift": """
                    import SwiftUI

                    struct HomeView: View {
                        weak var listener: HomePresentableListener?

                        var body: some View {
                            Button("Details") { listener?.didTapDetails() }
                        }
                    }
                    """,
                "Sources/Home/HomeRouter.swift": """
                    final class HomeRouter: ViewableRouter<HomeInteractable, HomeViewControllable> {
                        let view: HomeView

                        init(interactor: HomeInteractable, view: HomeView) {
                            self.view = view
                            super.init(interactor: interactor, viewController: HomeViewController())
                        }
                    }
                    """,
                "Sources/Home/HomeBuilder.swift": """
                    final class HomeBuilder: Builder<HomeDependency> {
                        func build() -> HomeRouting {
                            let interactor = HomeInteractor()
                            let router = HomeRouter(interactor: interactor, view: HomeView())
                            interactor.router = router
                            return router
                        }
                    }
                    """,
            ], caption: "The view talks to its listener; the router holds the view; the builder wires the router."),
        ]
    )

    public init() {}

    public struct Options: RuleOptions {
        public var viewBaseTypes = ["View", "UIViewController", "UIHostingController", "UIView", "NSViewController"]
        public var viewSuffixes = ["View", "ViewController"]
        public var routerSuffixes = ["Router", "Routing"]
        public init() {}
        public static let documentation = [
            "viewBaseTypes": "Base types and protocols that make a type a view (`View`, `UIViewController`, …).",
            "viewSuffixes": "Type-name suffixes that make a type a view (`View`, `ViewController`).",
            "routerSuffixes": "Type-name suffixes that make a type a router (`Router`, `Routing`).",
        ]
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let options = context.options(for: Self.self)
        let patterns = Patterns(
            viewBaseTypes: Set(options.viewBaseTypes), viewSuffixes: options.viewSuffixes,
            routerSuffixes: options.routerSuffixes)
        let types = context.types
        var viewCache: [String: Bool] = [:]
        // Router properties of a type and all its extensions, once per type name (`extension View` may repeat
        // hundreds of times in a SwiftUI codebase).
        var routerPropertiesByType: [String: Set<String>] = [:]
        var diagnostics: [Diagnostic] = []
        for located in types.all where located.decl.kind != .protocol {
            guard isView(located.simpleName, types, patterns, &viewCache) else { continue }
            let name = located.simpleName
            if routerPropertiesByType[name] == nil {
                routerPropertiesByType[name] = Set(types.declarationsAndExtensions(of: name).flatMap(\.decl.properties)
                    .filter { patterns.isRouter($0.effectiveType) }.map(\.name))
            }
            diagnostics += check(located, routerProperties: routerPropertiesByType[name]!, patterns)
        }
        return diagnostics
    }

    /// A class so the router verdict per type text is remembered across every view of one run.
    final class Patterns {
        let viewBaseTypes: Set<String>
        let viewSuffixes: [String]
        let routerSuffixes: [String]
        private var routerVerdicts: [String: Bool] = [:]

        init(viewBaseTypes: Set<String>, viewSuffixes: [String], routerSuffixes: [String]) {
            self.viewBaseTypes = viewBaseTypes
            self.viewSuffixes = viewSuffixes
            self.routerSuffixes = routerSuffixes
        }

        func isRouter(_ type: String?) -> Bool {
            guard let type else { return false }
            if let known = routerVerdicts[type] { return known }
            let verdict = NeedleTypeText.identifiers(type).contains { identifier in
                identifier.first?.isUppercase == true && routerSuffixes.contains { identifier.hasSuffix($0) }
            }
            routerVerdicts[type] = verdict
            return verdict
        }
    }

    /// A view: a name with a view suffix, or a declaration inheriting a view base type, directly or through a
    /// superclass declared in the workspace.
    private func isView(_ name: String, _ types: TypeIndex, _ patterns: Patterns, _ cache: inout [String: Bool]) -> Bool {
        if let known = cache[name] { return known }
        cache[name] = false
        var result = patterns.viewSuffixes.contains { name.hasSuffix($0) }
        if !result {
            let declarations = (types.declarations[name] ?? []).filter { $0.decl.kind != .protocol }
            let inherited = declarations.flatMap(\.decl.inheritance)
            result = inherited.contains { entry in
                let base = NeedleTypeText.splitGeneric(entry).base
                return patterns.viewBaseTypes.contains(base) || patterns.viewBaseTypes.contains(NeedleTypeText.lastComponent(base))
            } || inherited.contains { entry in
                let base = NeedleTypeText.lastComponent(entry)
                return types.classes(named: base).isEmpty ? false : isView(base, types, patterns, &cache)
            }
        }
        cache[name] = result
        return result
    }

    private func check(_ view: LocatedType, routerProperties: Set<String>, _ patterns: Patterns) -> [Diagnostic] {
        let typeName = view.simpleName
        var diagnostics: [Diagnostic] = []
        func report(_ line: Int, _ column: Int, _ what: String, member: String) {
            diagnostics.append(Diagnostic(
                rule: Self.description.id,
                severity: Self.description.defaultSeverity,
                message: "\(typeName) \(what); a view must not drive navigation. Report the user's intent to the "
                    + "view's listener (interactor, presenter or view model) and let it call the router.",
                location: SourceLocation(file: view.path, line: line, column: column),
                module: view.module,
                subject: [typeName, member]
            ))
        }
        for property in view.decl.properties where patterns.isRouter(property.effectiveType) {
            report(property.line, property.column, "holds a router (`\(property.name): \(property.effectiveType ?? "")`)", member: property.name)
        }
        for function in view.decl.functions {
            for parameter in function.parameters where patterns.isRouter(parameter.type) {
                report(parameter.line, parameter.column,
                       "receives a router (`\(parameter.name): \(parameter.type)` in \(function.name))",
                       member: "\(function.name).\(parameter.name)")
            }
            for local in function.locals where patterns.isRouter(local.effectiveType) {
                report(local.line, local.column,
                       "creates a router variable (`\(local.name): \(local.effectiveType ?? "")` in \(function.name))",
                       member: "\(function.name).\(local.name)")
            }
        }
        for access in view.decl.memberAccesses where access.isCall {
            guard isRouterValue(access, in: view, routerProperties: routerProperties, patterns) else { continue }
            report(access.line, access.column, "calls the router (`\(access.base).\(access.member)()`)",
                   member: "\(access.base).\(access.member)")
        }
        return diagnostics
    }

    /// Whether the base of a member access is a router: a local or parameter of the enclosing function, else a
    /// property of the view type.
    private func isRouterValue(_ access: MemberAccess, in view: LocatedType, routerProperties: Set<String>, _ patterns: Patterns) -> Bool {
        let functions = view.decl.functions.filter { $0.name == access.function }
        for function in functions {
            if let local = function.locals.first(where: { $0.name == access.base }) {
                return patterns.isRouter(local.effectiveType)
            }
            if let parameter = function.parameters.first(where: { $0.name == access.base }) {
                return patterns.isRouter(parameter.type)
            }
        }
        return routerProperties.contains(access.base)
    }
}
