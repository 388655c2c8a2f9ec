import ArchlintModel
import Testing

@testable import SwiftFacts

@Suite struct PropertyTests {
    @Test func storedComputedStaticLetVarAndAccessLevels() {
        let source = """
            final class RootComponent: BootstrapComponent {
                let apiClient: APIClient
                public var session = Session()
                private static var cache: [String : Int] = [:]
                var analytics: AnalyticsService { shared { AnalyticsServiceImpl() } }
                public private(set) var count = 0
                var observed: Int = 0 { didSet { print(observed) } }
                var settable: Int { get { 1 } set {} }
                lazy var router = Feature.Router.init(parent: self)
                class var shared: RootComponent { fatalError() }
            }
            """
        let properties = facts(source).type("RootComponent")?.properties ?? []
        #expect(
            properties == [
                PropertyDecl(name: "apiClient", type: "APIClient", isLet: true, line: 2, column: 9),
                PropertyDecl(name: "session", inferredType: "Session", accessLevel: "public", line: 3, column: 16),
                PropertyDecl(name: "cache", type: "[String: Int]", isStatic: true, accessLevel: "private", line: 4, column: 24),
                PropertyDecl(name: "analytics", type: "AnalyticsService", isComputed: true, line: 5, column: 9),
                PropertyDecl(name: "count", accessLevel: "public", line: 6, column: 29),
                PropertyDecl(name: "observed", type: "Int", line: 7, column: 9),
                PropertyDecl(name: "settable", type: "Int", isComputed: true, line: 8, column: 9),
                PropertyDecl(name: "router", inferredType: "Feature.Router", line: 9, column: 14),
                PropertyDecl(name: "shared", type: "RootComponent", isStatic: true, isComputed: true, line: 10, column: 15),
            ])
    }

    @Test func inferredTypesFromInitialValues() {
        let source = """
            struct S {
                let a = Plain()
                let b = Plain.init()
                let c = Module.Plain(x: 1)
                let d = Generic<Int>()
                var e = shared { Provided() }
                var f = shared { return Module.Provided() }
                let g = makeThing()
                let h = Thing.make()
                let i = .init()
                let j = try Loader()
                let k = await Remote()
                let l = try? Loader()
                let m = value as Cast
                let n = value as? Cast
                let o = "text"
                let p = VStack { Text("x") }
            }
            """
        let inferred = facts(source).type("S")?.properties.map(\.inferredType) ?? []
        #expect(
            inferred == [
                "Plain", "Plain", "Module.Plain", "Generic<Int>", "Provided", "Module.Provided", nil, nil, nil,
                "Loader", "Remote", nil, "Cast", nil, nil, "VStack",
            ])
    }

    @Test func annotationWinsOverInference() {
        let result = facts("class C { var x: P = Impl() }")
        #expect(result.type("C")?.property("x") == PropertyDecl(name: "x", type: "P", line: 1, column: 15))
    }

    @Test func multipleBindingsShareTheTrailingAnnotation() {
        let result = facts("struct S { var a, b: Int; let c = C(), d: D }")
        let properties = result.type("S")?.properties ?? []
        #expect(properties.map(\.name) == ["a", "b", "c", "d"])
        #expect(properties.map(\.type) == ["Int", "Int", nil, "D"])
        #expect(properties.map(\.inferredType) == [nil, nil, "C", nil])
    }

    @Test func protocolRequirements() {
        let source = """
            protocol GachaDependency: Dependency {
                var apiClient: APIClient { get }
                var store: any Store<Item> { get set }
                static var name: String { get }
                func refresh() async throws -> Bool
            }
            """
        let type = facts(source).type("GachaDependency")
        #expect(
            type?.properties == [
                PropertyDecl(name: "apiClient", type: "APIClient", isComputed: true, line: 2, column: 9),
                PropertyDecl(name: "store", type: "any Store<Item>", isComputed: true, line: 3, column: 9),
                PropertyDecl(name: "name", type: "String", isStatic: true, isComputed: true, line: 4, column: 16),
            ])
        #expect(type?.functions == [FunctionDecl(name: "refresh", returnType: "Bool", line: 5, column: 10)])
    }

    @Test func membersInsideIfConfigInTypeBodiesCarryTheCondition() {
        let source = """
            #if FEATURE
            class RootComponent: BootstrapComponent {
                var a: A { A() }
                #if DEBUG
                var debug: DebugMenu { DebugMenu() }
                func debugOnly() {}
                #elseif BETA
                var beta: Beta { Beta() }
                #else
                let release = Release()
                #endif
            }
            #endif
            """
        let type = facts(source).type("RootComponent")
        #expect(type?.properties.map(\.name) == ["a", "debug", "beta", "release"])
        #expect(
            type?.properties.map(\.condition) == [
                "FEATURE", "FEATURE && DEBUG", "FEATURE && !(DEBUG) && BETA", "FEATURE && !(DEBUG) && !(BETA)",
            ])
        #expect(type?.functions.map(\.condition) == ["FEATURE && DEBUG"])
    }

    @Test func extensionPropertiesBelongToTheExtension() {
        let source = """
            extension RootComponent {
                public var network: Network { shared { NetworkImpl() } }
                fileprivate var secret: String { "" }
            }
            """
        let type = facts(source).type("RootComponent")
        #expect(type?.kind == .extension)
        #expect(type?.properties.map(\.name) == ["network", "secret"])
        #expect(type?.properties.map(\.accessLevel) == ["public", "fileprivate"])
    }

    @Test func enumCasesAndNestedTypeMembersAreNotProperties() {
        let source = """
            enum E {
                case a, b
                static let all = [E.a]
                struct Inner { let x: Int }
            }
            """
        let result = facts(source)
        #expect(result.type("E")?.properties.map(\.name) == ["all"])
        #expect(result.type("E.Inner")?.properties.map(\.name) == ["x"])
    }
}

@Suite struct FunctionTests {
    @Test func parametersReturnTypesAndLocations() {
        let source = """
            final class HomeBuilder: Builder<HomeDependency> {
                init(dependency: HomeDependency) {
                    super.init(dependency: dependency)
                }
                public static func make(_ listener: HomeListener, with router : HomeRouting, values: Int...) -> some View {
                    EmptyView()
                }
                private func build(completion: @escaping (Result<Int, Error>) -> Void, count: inout Int) -> ViewControllable? { nil }
            }
            """
        let functions = facts(source).type("HomeBuilder")?.functions ?? []
        #expect(
            functions == [
                FunctionDecl(
                    name: "init",
                    parameters: [ParameterDecl(label: "dependency", name: "dependency", type: "HomeDependency", line: 2, column: 10)],
                    line: 2, column: 5),
                FunctionDecl(
                    name: "make",
                    parameters: [
                        ParameterDecl(label: "_", name: "listener", type: "HomeListener", line: 5, column: 29),
                        ParameterDecl(label: "with", name: "router", type: "HomeRouting", line: 5, column: 55),
                        ParameterDecl(label: "values", name: "values", type: "Int...", line: 5, column: 82),
                    ],
                    returnType: "some View", isStatic: true, accessLevel: "public", line: 5, column: 24),
                FunctionDecl(
                    name: "build",
                    parameters: [
                        ParameterDecl(
                            label: "completion", name: "completion", type: "@escaping (Result<Int, Error>) -> Void", line: 8,
                            column: 24),
                        ParameterDecl(label: "count", name: "count", type: "inout Int", line: 8, column: 76),
                    ],
                    returnType: "ViewControllable?", accessLevel: "private", line: 8, column: 18),
            ])
    }

    @Test func localsIncludingClosuresAndNestedFunctions() {
        let source = """
            struct HomeView: View {
                var body: some View {
                    let hidden = Hidden()
                    return Text("")
                }
                func load() {
                    let router: HomeRouting = makeRouter()
                    var count = 0, other = Other.init()
                    items.forEach { item in
                        let inner = Feature.Inner(item)
                    }
                    func helper() { let deep = Deep() }
                    if let unwrapped = optional {}
                }
            }
            """
        let type = facts(source).type("HomeView")
        #expect(type?.properties.map(\.name) == ["body"])
        #expect(
            type?.function("load")?.locals == [
                LocalVariable(name: "router", type: "HomeRouting", line: 7, column: 13),
                LocalVariable(name: "count", line: 8, column: 13),
                LocalVariable(name: "other", inferredType: "Other", line: 8, column: 24),
                LocalVariable(name: "inner", inferredType: "Feature.Inner", line: 10, column: 17),
                LocalVariable(name: "deep", inferredType: "Deep", line: 12, column: 29),
            ])
        #expect(type?.functions.map(\.name) == ["load"])
    }

    @Test func topLevelFunctionsAreNotTypeMembers() {
        let result = facts("func main() { let x = X() }\nstruct S {}")
        #expect(result.types == [TypeDecl(kind: .struct, name: "S", line: 2, column: 8)])
    }
}

@Suite struct MemberAccessTests {
    @Test func identifierAndSelfBases() {
        let source = """
            struct HomeView: View {
                let router: HomeRouting
                var body: some View {
                    Button("Go") { router.routeToDetail() }
                }
                func tap() {
                    self.router.routeToSettings(animated: true)
                    router?.dismiss()
                    let state = router.state
                    viewModel.items.first?.name
                    Color.red
                }
            }
            """
        let accesses = facts(source).type("HomeView")?.memberAccesses ?? []
        #expect(
            accesses == [
                MemberAccess(base: "router", member: "routeToDetail", isCall: true, line: 4, column: 24),
                MemberAccess(base: "router", member: "routeToSettings", isCall: true, function: "tap", line: 7, column: 14),
                MemberAccess(base: "router", member: "dismiss", isCall: true, function: "tap", line: 8, column: 9),
                MemberAccess(base: "router", member: "state", isCall: false, function: "tap", line: 9, column: 21),
                MemberAccess(base: "viewModel", member: "items", isCall: false, function: "tap", line: 10, column: 9),
                MemberAccess(base: "Color", member: "red", isCall: false, function: "tap", line: 11, column: 9),
            ])
    }

    @Test func nestedTypesKeepTheirOwnAccesses() {
        let source = """
            class Outer {
                func a() { router.go() }
                class Inner {
                    func b() { router.back() }
                }
                init() { self.router.start() }
            }
            """
        let result = facts(source)
        #expect(result.type("Outer")?.memberAccesses.map(\.member) == ["go", "start"])
        #expect(result.type("Outer")?.memberAccesses.map(\.function) == ["a", "init"])
        #expect(result.type("Outer.Inner")?.memberAccesses.map(\.member) == ["back"])
    }

    @Test func topLevelAccessesAreNotRecorded() {
        #expect(facts("router.go()\nfunc f() { router.go() }").types.isEmpty)
    }
}
