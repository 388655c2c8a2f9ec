import ArchlintModel
import Configuration
import Graphs

/// A view type that holds, receives or calls a router.
public struct ViewRouterShortcutRule: Rule, ScanDemandProvider {
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

    /// A type's sites are properties, parameters, locals and calls whose type names a router: its file (or an
    /// extension's, which `TypeRelevance` follows) holds a router suffix. Views are then told apart by lookups.
    public static func scanDemand(_ options: Options) -> ScanDemand {
        ScanDemand(names: [], nameParts: options.routerSuffixes)
    }

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
        let viewBaseTypes = Set(options.viewBaseTypes)
        let viewSuffixes = options.viewSuffixes
        let routerSuffixes = options.routerSuffixes
        let types = context.types
        var references = TypeReferences(
            types: types, picks: TypeReferences.identifierPicks { name in routerSuffixes.contains { name.hasSuffix($0) } })
        var viewCache: [LocatedType: Bool] = [:]
        var diagnostics: [Diagnostic] = []
        for located in types.all where located.decl.kind != .protocol {
            guard isView(located, types, viewBaseTypes, viewSuffixes, &viewCache) else { continue }
            for site in references.sites(in: located) {
                diagnostics.append(diagnostic(located, site))
            }
        }
        return diagnostics
    }

    /// A view: a name with a view suffix, or a declaration inheriting a view base type, directly or through a
    /// superclass declared in the workspace. Of same-named types, the declaration an extension means and the
    /// superclass a declaration names are the ones its file sees (`TypeIndex.owners`, `declarations(named:seenFrom:)`).
    private func isView(
        _ located: LocatedType, _ types: TypeIndex, _ baseTypes: Set<String>, _ suffixes: [String],
        _ cache: inout [LocatedType: Bool]
    ) -> Bool {
        if suffixes.contains(where: located.simpleName.hasSuffix) { return true }
        if let known = cache[located] { return known }
        cache[located] = false
        var result = false
        for declaration in types.owners(of: located) where declaration.decl.kind != .protocol {
            let inherited = declaration.decl.inheritance
            result = inherited.contains { entry in
                let base = NeedleTypeText.splitGeneric(entry).base
                return baseTypes.contains(base) || baseTypes.contains(NeedleTypeText.lastComponent(base))
            } || inherited.contains { entry in
                let base = NeedleTypeText.lastComponent(entry)
                return types.declarations(named: base, seenFrom: TypeIndex.Viewpoint(declaration))
                    .contains { $0.decl.kind == .class && isView($0, types, baseTypes, suffixes, &cache) }
            }
            if result { break }
        }
        cache[located] = result
        return result
    }

    private func diagnostic(_ view: LocatedType, _ reference: TypeReferences.Located) -> Diagnostic {
        let what = switch reference.site {
        case .property(let name, let type): "holds a router (`\(name): \(type)`)"
        case .parameter(let name, let type, let function): "receives a router (`\(name): \(type)` in \(function))"
        case .local(let name, let type, let function): "creates a router variable (`\(name): \(type)` in \(function))"
        case .call(let base, let member): "calls the router (`\(base).\(member)()`)"
        }
        return Diagnostic(
            rule: Self.description.id,
            message: "\(view.simpleName) \(what); a view must not drive navigation. Report the user's intent to the "
                + "view's listener (interactor, presenter or view model) and let it call the router.",
            location: SourceLocation(file: view.path, line: reference.line, column: reference.column),
            module: view.module,
            subject: [view.simpleName, reference.member]
        )
    }
}
