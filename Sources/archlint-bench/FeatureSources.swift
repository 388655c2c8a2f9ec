/// The files of one feature: its implementation module (views, view models, routers, interactors, builders,
/// models, repositories) and its interface module (Buildable, Listener, Dependency, context).
struct FeatureSources {
    let plan: CorpusPlan
    let index: Int
    var snippets: CodeSnippets

    init(plan: CorpusPlan, index: Int) {
        self.plan = plan
        self.index = index
        snippets = CodeSnippets(random: SeededRandom(seed: plan.seed &+ UInt64(index) &* 7919))
    }

    private var feature: CorpusPlan.Feature { plan.features[index] }
    private var name: String { feature.name }

    // MARK: Interface module

    mutating func interfaceFiles() -> [(String, String)] {
        var files: [(String, String)] = []
        var out = SourceWriter()
        out.imports(["Foundation", "UIKit"])
        out.block("public protocol \(name)Buildable: AnyObject") { out in
            out.line("func build(withListener listener: \(name)Listener) -> UIViewController")
        }
        out.line()
        out.block("public protocol \(name)Listener: AnyObject") { out in
            out.line("func \(lowerFirst(name))DidFinish()")
            out.line("func \(lowerFirst(name))DidRequestClose(animated: Bool)")
        }
        files.append(("\(name)Buildable.swift", out.text))

        out = SourceWriter()
        out.line("/// Values the \(name) feature hands to the features it starts.")
        out.imports(["Foundation"])
        out.block("public struct \(feature.context): Sendable") { out in
            out.line("public let identifier: String")
            out.line("public let startedAt: Date")
            out.line()
            out.block("public init(identifier: String, startedAt: Date = Date())") { out in
                out.line("self.identifier = identifier")
                out.line("self.startedAt = startedAt")
            }
        }
        files.append(("\(feature.context).swift", out.text))

        if !feature.isRIBs {
            files.append(("\(feature.dependency).swift", dependencyProtocol()))
        }

        for modelIndex in 0..<3 {
            out = SourceWriter()
            out.imports(["Foundation"])
            snippets.model("\(name)Summary\(modelIndex == 0 ? "" : String(modelIndex))", into: &out)
            files.append(("Models/\(name)Summary\(modelIndex == 0 ? "" : String(modelIndex)).swift", out.text))
        }
        return files
    }

    /// What the feature's Needle component needs from its ancestors: some of the root's services, the
    /// parent's context and sometimes the grandparent's, so resolution walks several levels.
    private mutating func dependencyProtocol() -> String {
        var out = SourceWriter()
        var imports = ["NeedleFoundation"]
        let ancestors = plan.ancestors(of: index)
        for ancestor in ancestors.prefix(2) { imports.append(plan.features[ancestor].interface) }
        let provisions = snippets.random.sample(CorpusPlan.rootProvisions, count: snippets.random.int(2...4))
        imports += provisions.map(\.module)
        out.imports(Array(Set(imports)))
        out.block("public protocol \(feature.dependency): Dependency") { out in
            for provision in provisions { out.line("var \(provision.name): \(provision.type) { get }") }
            for ancestor in ancestors.prefix(snippets.random.chance(0.5) ? 2 : 1) {
                let parent = plan.features[ancestor]
                out.line("var \(parent.contextProperty): \(parent.context) { get }")
            }
            if index == plan.missingDependencyFeature {
                out.line("/// Nobody provides this: planted `missing-dependency`.")
                out.line("var remoteConfig: RemoteConfig { get }")
            }
        }
        return out.text
    }

    // MARK: Implementation module

    mutating func implementationFiles() -> [(String, String)] {
        var files: [(String, String)] = []
        let routing = "\(name)Routing"
        files.append(("Routing/\(name)Router.swift", router()))
        files.append(("Routing/\(name)Interactor.swift", interactor()))
        files.append(("Routing/\(name)Builder.swift", builder()))
        if feature.isRIBs { files += ribsFiles() }
        var remaining = feature.fileCount - files.count
        var counter = 0
        while remaining > 0 {
            counter += 1
            let roll = snippets.random.int(0...9)
            switch roll {
            case 0...2: files.append(("Views/\(name)Item\(counter)View.swift", swiftUIView("\(name)Item\(counter)View")))
            case 3: files.append(("Views/\(name)Page\(counter)ViewController.swift", viewController("\(name)Page\(counter)ViewController")))
            case 4, 5: files.append(("ViewModels/\(name)Section\(counter)ViewModel.swift", viewModel("\(name)Section\(counter)ViewModel")))
            case 6, 7: files.append(("Models/\(name)Record\(counter).swift", models("\(name)Record\(counter)")))
            case 8: files.append(("Data/\(name)Repository\(counter).swift", repository("\(name)Repository\(counter)")))
            default: files.append(("Support/\(name)Formatting\(counter).swift", helpers("\(name)Formatting\(counter)")))
            }
            remaining -= 1
        }
        if feature.hasLongFile {
            files[files.count - 1] = ("Analytics/\(name)AnalyticsEvents.swift", longEventCatalogue())
        }
        if index == plan.viewWithRouter {
            files.append(("Views/\(name)ShortcutView.swift", shortcutView(routing: routing)))
        }
        if index == plan.brokenFeature {
            files.append(("Views/\(name)BrokenView.swift", "import SwiftUI\n\nstruct \(name)BrokenView: View {\n    var body: some View {\n        Text(\"unfinished\"\n    }\n"))
        }
        // The first file imports every declared dependency, so none is unused.
        files[0].1 = importHeader(allDependencies: true) + files[0].1
        for fileIndex in 1..<files.count { files[fileIndex].1 = importHeader(allDependencies: false) + files[fileIndex].1 }
        return files
    }

    private mutating func importHeader(allDependencies: Bool) -> String {
        var out = SourceWriter()
        var modules = ["Foundation", "SwiftUI", feature.interface]
        if feature.isRIBs { modules.append("RIBs") }
        modules += allDependencies
            ? feature.coreDependencies : snippets.random.sample(feature.coreDependencies, count: snippets.random.int(0...2))
        if index == plan.crossFeatureImporter && allDependencies {
            // Planted `cross-feature-import` (and `undeclared-import`): another feature's implementation.
            modules.append(plan.features[(index + 1) % plan.features.count].module)
        }
        if index == plan.undeclaredImporter && allDependencies && !feature.coreDependencies.contains("SyncCore") {
            modules.append(plan.coreModules.last!)
        }
        var conditional: [(String, String)] = []
        if snippets.random.chance(0.3) { conditional.append(("canImport(UIKit)", "UIKit")) }
        if snippets.random.chance(0.15) { conditional.append(("DEBUG", "LoggingCore")) }
        out.imports(Array(Set(modules)), conditional: conditional)
        return out.text
    }

    private mutating func router() -> String {
        var out = SourceWriter()
        out.block("protocol \(name)Routing: AnyObject") { out in
            out.line("func routeToDetail(id: String)")
            out.line("func routeToSettings()")
            out.line("func dismissChild(animated: Bool)")
        }
        out.line()
        out.block("final class \(name)Router: \(name)Routing") { out in
            out.line("private weak var viewController: UIViewController?")
            out.line("private var children: [UIViewController] = []")
            out.line()
            out.block("init(viewController: UIViewController)") { out in out.line("self.viewController = viewController") }
            out.line()
            out.block("func routeToDetail(id: String)") { out in
                out.line("let detail = \(name)Page1ViewController(nibName: nil, bundle: nil)")
                out.line("detail.title = id")
                out.line("children.append(detail)")
                out.line("viewController?.navigationController?.pushViewController(detail, animated: true)")
            }
            out.line()
            out.block("func routeToSettings()") { out in
                out.line("viewController?.present(UIViewController(), animated: true)")
            }
            out.line()
            out.block("func dismissChild(animated: Bool)") { out in
                out.block("guard let last = children.popLast() else") { out in out.line("return") }
                out.line("last.dismiss(animated: animated)")
            }
        }
        return out.text
    }

    private mutating func interactor() -> String {
        var out = SourceWriter()
        out.block("final class \(name)Interactor") { out in
            out.line("weak var router: \(name)Routing?")
            out.line("weak var listener: \(name)Listener?")
            out.line("private let analytics: AnalyticsService")
            out.line()
            out.block("init(analytics: AnalyticsService)") { out in out.line("self.analytics = analytics") }
            out.line()
            out.block("func didSelect(id: String)") { out in
                out.line("analytics.track(\"\(lowerFirst(name))_select\", properties: [\"id\": id])")
                out.line("router?.routeToDetail(id: id)")
            }
            out.line()
            out.block("func didClose()") { out in
                out.line("router?.dismissChild(animated: true)")
                out.line("listener?.\(lowerFirst(name))DidFinish()")
            }
            for methodIndex in 0..<snippets.random.int(3...8) {
                out.line()
                snippets.method("handle\(methodIndex)", owner: name, into: &out)
            }
        }
        return out.text
    }

    private mutating func builder() -> String {
        var out = SourceWriter()
        let returnsAnyView = index == plan.builderWithAnyView
        out.block("final class \(name)Builder: \(name)Buildable") { out in
            out.line("private let analytics: AnalyticsService")
            out.line()
            out.block("init(analytics: AnalyticsService)") { out in out.line("self.analytics = analytics") }
            out.line()
            out.block("func build(withListener listener: \(name)Listener) -> UIViewController") { out in
                out.line("let interactor = \(name)Interactor(analytics: analytics)")
                out.line("interactor.listener = listener")
                out.line("let viewController = UIHostingController(rootView: makeView())")
                out.line("interactor.router = \(name)Router(viewController: viewController)")
                out.line("return viewController")
            }
            out.line()
            if returnsAnyView {
                out.line("/// Planted `builder-anyview`.")
                out.block("func makeView() -> AnyView") { out in out.line("AnyView(Text(\"\(name)\"))") }
            } else {
                out.block("func makeView() -> some View") { out in out.line("Text(\"\(name)\")") }
            }
        }
        return out.text
    }

    private mutating func swiftUIView(_ typeName: String) -> String {
        var out = SourceWriter()
        out.block("struct \(typeName): View") { out in
            out.line("let title: String")
            out.line("@ObservedObject var viewModel: \(name)Section1ViewModel")
            out.line("@State private var isExpanded = false")
            out.line()
            out.block("var body: some View") { out in
                out.block("VStack(alignment: .leading, spacing: \(snippets.random.int(4...16)))") { out in
                    for row in 0..<snippets.random.int(3...14) {
                        out.block("HStack") { out in
                            out.line("Text(title)")
                            out.line("    .font(.\(snippets.random.pick(["headline", "body", "caption", "title2"])))")
                            out.line("Spacer()")
                            out.block("Button(action: { viewModel.refresh(row: \(row)) })") { out in
                                out.line("Image(systemName: \"chevron.right\")")
                            }
                        }
                    }
                    out.block("if isExpanded") { out in
                        out.line("Text(\"\\(title) details\")")
                        out.line("    .foregroundColor(.secondary)")
                    }
                }
                out.line(".padding(.horizontal, 16)")
                out.line(".onTapGesture { withAnimation { isExpanded.toggle() } }")
            }
        }
        out.line()
        out.line("#if DEBUG")
        out.block("struct \(typeName)_Previews: PreviewProvider") { out in
            out.block("static var previews: some View") { out in
                out.line("\(typeName)(title: \"Preview\", viewModel: \(name)Section1ViewModel())")
            }
        }
        out.line("#endif")
        return out.text
    }

    private mutating func viewController(_ typeName: String) -> String {
        var out = SourceWriter()
        out.block("final class \(typeName): UIViewController") { out in
            out.line("private let tableView = UITableView(frame: .zero, style: .insetGrouped)")
            out.line("private var rows: [String] = []")
            out.line("var onSelect: ((String) -> Void)?")
            out.line()
            out.block("override func viewDidLoad()") { out in
                out.line("super.viewDidLoad()")
                out.line("view.addSubview(tableView)")
                out.line("tableView.dataSource = self")
                out.line("tableView.delegate = self")
                out.line("tableView.register(UITableViewCell.self, forCellReuseIdentifier: \"cell\")")
            }
            for methodIndex in 0..<snippets.random.int(3...9) {
                out.line()
                snippets.method("configure\(methodIndex)", owner: name, into: &out)
            }
        }
        out.line()
        out.block("extension \(typeName): UITableViewDataSource, UITableViewDelegate") { out in
            out.block("func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int") { out in
                out.line("rows.count")
            }
            out.line()
            out.block("func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell") { out in
                out.line("let cell = tableView.dequeueReusableCell(withIdentifier: \"cell\", for: indexPath)")
                out.line("cell.textLabel?.text = rows[indexPath.row]")
                out.line("return cell")
            }
            out.line()
            out.block("func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)") { out in
                out.line("onSelect?(rows[indexPath.row])")
            }
        }
        return out.text
    }

    private mutating func viewModel(_ typeName: String) -> String {
        var out = SourceWriter()
        out.line("@MainActor")
        out.block("final class \(typeName): ObservableObject") { out in
            out.line("@Published private(set) var items: [\(name)Summary] = []")
            out.line("@Published var isLoading = false")
            out.line("private var tasks: [Task<Void, Never>] = []")
            out.line()
            out.block("func refresh(row: Int)") { out in
                out.block("tasks.append(Task { [weak self] in") { out in
                    out.line("guard let self else { return }")
                    out.line("self.isLoading = true")
                    out.line("defer { self.isLoading = false }")
                    out.line("try? await Task.sleep(nanoseconds: \(snippets.random.int(1...9)) * 1_000_000)")
                    out.line("self.items = self.items.filter { !$0.isEmpty }")
                }
                out.line("})")
            }
            for methodIndex in 0..<snippets.random.int(5...15) {
                out.line()
                snippets.method("compute\(methodIndex)", owner: name, into: &out)
            }
        }
        return out.text
    }

    private mutating func models(_ typeName: String) -> String {
        var out = SourceWriter()
        for modelIndex in 0..<snippets.random.int(1...3) {
            snippets.model(modelIndex == 0 ? typeName : "\(typeName)Part\(modelIndex)", into: &out)
        }
        out.block("enum State: CaseIterable") { out in out.line("case idle, loading, loaded") }
        return out.text
    }

    private mutating func repository(_ typeName: String) -> String {
        var out = SourceWriter()
        out.block("protocol \(typeName)Protocol: Sendable") { out in
            out.line("func fetchItems(page: Int, pageSize: Int) async throws -> [\(name)Summary]")
        }
        out.line()
        out.block("final class \(typeName): \(typeName)Protocol, @unchecked Sendable") { out in
            out.line("private let apiClient: APIClient")
            out.line("private let cache = NSCache<NSString, NSArray>()")
            out.line()
            out.block("init(apiClient: APIClient)") { out in out.line("self.apiClient = apiClient") }
            out.line()
            out.block("func fetchItems(page: Int, pageSize: Int) async throws -> [\(name)Summary]") { out in
                out.line("let key = \"\\(page)-\\(pageSize)\" as NSString")
                out.block("if let cached = cache.object(forKey: key) as? [\(name)Summary]") { out in out.line("return cached") }
                out.line("let endpoint = Endpoint(path: \"/\(lowerFirst(name))/items\", query: [\"page\": \"\\(page)\"])")
                out.line("let result: [\(name)Summary] = try await apiClient.send(endpoint)")
                out.line("cache.setObject(result as NSArray, forKey: key)")
                out.line("return result")
            }
            for methodIndex in 0..<snippets.random.int(3...8) {
                out.line()
                snippets.method("load\(methodIndex)", owner: name, into: &out)
            }
        }
        return out.text
    }

    private mutating func helpers(_ typeName: String) -> String {
        var out = SourceWriter()
        out.block("enum \(typeName)") { out in
            for methodIndex in 0..<snippets.random.int(5...12) {
                snippets.method("format\(methodIndex)", owner: name, into: &out)
            }
        }
        return out.text
    }

    /// A long file: an analytics catalogue with many cases and switches (1,000–3,000 lines).
    private mutating func longEventCatalogue() -> String {
        var out = SourceWriter()
        let count = snippets.random.int(300...700)
        out.block("enum \(name)AnalyticsEvent: String, CaseIterable") { out in
            for caseIndex in 0..<count { out.line("case event\(caseIndex) = \"\(lowerFirst(name))_event_\(caseIndex)\"") }
            out.line()
            out.block("var category: String") { out in
                out.block("switch self") { out in
                    for caseIndex in 0..<count {
                        out.line("case .event\(caseIndex):")
                        out.line("    return \"\(["ui", "network", "lifecycle", "commerce"][caseIndex % 4])\"")
                    }
                }
            }
            out.line()
            out.block("var parameters: [String: String]") { out in
                out.block("switch self") { out in
                    for caseIndex in 0..<count {
                        out.line("case .event\(caseIndex):")
                        out.line("    return [\"index\": \"\(caseIndex)\", \"feature\": \"\(name)\"]")
                    }
                }
            }
        }
        return out.text
    }

    /// Planted `view-router-shortcut`: a SwiftUI view and a hosting controller that hold the router.
    private mutating func shortcutView(routing: String) -> String {
        var out = SourceWriter()
        out.block("struct \(name)ShortcutView: View") { out in
            out.line("let router: \(routing)")
            out.block("var body: some View") { out in
                out.line("Button(\"Settings\") { router.routeToSettings() }")
            }
        }
        out.line()
        out.block("final class \(name)ShortcutHostingController: UIHostingController<\(name)ShortcutView>") { out in
            out.line("var shortcutRouter: \(routing)?")
        }
        return out.text
    }

    /// A RIBs feature: Main and Detail sub-RIBs inside the module; Main's component conforms to Detail's
    /// dependency through an extension (missing in one planted feature).
    private mutating func ribsFiles() -> [(String, String)] {
        var files: [(String, String)] = []
        for part in ["Main", "Detail"] {
            var out = SourceWriter()
            let rib = "\(name)\(part)"
            out.block("protocol \(rib)Dependency: Dependency") { out in
                out.line("var \(lowerFirst(rib))Title: String { get }")
            }
            out.line()
            out.block("final class \(rib)Component: Component<\(rib)Dependency>") { out in
                out.line("var \(lowerFirst(name))DetailTitle: String { \"\(part)\" }")
            }
            out.line()
            out.block("protocol \(rib)Buildable: Buildable") { out in
                out.line("func build(withListener listener: \(rib)Listener) -> ViewableRouting")
            }
            out.line()
            out.block("protocol \(rib)Listener: AnyObject") { out in out.line("func \(lowerFirst(rib))DidComplete()") }
            out.line()
            out.block("final class \(rib)Builder: Builder<\(rib)Dependency>, \(rib)Buildable") { out in
                out.block("func build(withListener listener: \(rib)Listener) -> ViewableRouting") { out in
                    out.line("let component = \(rib)Component(dependency: dependency)")
                    if part == "Main" {
                        out.line("let detail = \(name)DetailBuilder(dependency: component)")
                        out.line("return \(rib)RIBRouter(detailBuilder: detail, listener: listener)")
                    } else {
                        out.line("_ = component")
                        out.line("return \(rib)RIBRouter(listener: listener)")
                    }
                }
            }
            files.append(("RIBs/\(rib)Builder.swift", out.text))
        }
        if index != plan.ribsWithoutConformance {
            files.append(("RIBs/\(name)MainComponent+Detail.swift", "extension \(name)MainComponent: \(name)DetailDependency {}\n"))
        }
        return files
    }
}
