import ArchlintModel
import Testing

@testable import SwiftFacts

@Suite struct CallTests {
    @Test func componentInstantiationsInTypeBodiesAndExtensions() {
        let source = """
            final class RootComponent: BootstrapComponent {
                var gacha: GachaComponent { GachaComponent(parent: self) }
                var profile: ProfileComponent {
                    return Profile.ProfileComponent(parent: self)
                }
            }
            extension Feature.RootComponent {
                func makeSettings() -> SettingsComponent { SettingsComponent.init(parent: self) }
            }
            """
        #expect(
            facts(source).calls == [
                CallFact(
                    callee: "GachaComponent", arguments: [CallArgument(label: "parent", value: "self")],
                    enclosingType: "RootComponent", enclosingMember: "gacha", line: 2, column: 33),
                CallFact(
                    callee: "Profile.ProfileComponent", arguments: [CallArgument(label: "parent", value: "self")],
                    enclosingType: "RootComponent", enclosingMember: "profile", line: 4, column: 16),
                CallFact(
                    callee: "SettingsComponent.init", arguments: [CallArgument(label: "parent", value: "self")],
                    enclosingType: "Feature.RootComponent", enclosingMember: "makeSettings", line: 8, column: 48),
            ])
    }

    @Test func implicitInitContextTypes() {
        let source = """
            final class RootComponent: BootstrapComponent {
                var a: AComponent { .init(parent: self) }
                var b: BComponent { return .init(parent: self) }
                var c: CComponent { get { .init(parent: self) } }
                var d: DComponent { shared { .init(parent: self) } }
                let e: EComponent = .init(parent: self)
                func f() -> FComponent { .init(parent: self) }
                func g(flag: Bool) -> GComponent {
                    if flag {
                        return .init(parent: self)
                    }
                    let local: LocalComponent = .init(parent: self)
                    _ = local
                    return GComponent(parent: self)
                }
                func h() { let x = .init(parent: self) as HComponent }
                func unknown() { register(.init(parent: self)) }
                var i: IComponent { try! .init(parent: self) }
            }
            """
        let calls = facts(source).calls
        #expect(calls.map(\.callee) == [".init", ".init", ".init", ".init", ".init", ".init", ".init", ".init", "GComponent", ".init", ".init", ".init"])
        #expect(
            calls.map(\.contextType) == [
                "AComponent", "BComponent", "CComponent", "DComponent", "EComponent", "FComponent", "GComponent",
                "LocalComponent", nil, "HComponent", nil, "IComponent",
            ])
        #expect(calls.map(\.enclosingMember) == ["a", "b", "c", "d", "e", "f", "g", "g", "g", "h", "unknown", "i"])
        #expect(calls[0].line == 2 && calls[0].column == 25)
    }

    @Test func multiStatementBodyWithoutReturnGivesNoContext() {
        let source = """
            class C {
                func make() -> XComponent {
                    .init(parent: self)
                    fatalError()
                }
            }
            """
        #expect(facts(source).calls.map(\.contextType) == [nil])
    }

    @Test func dependencyCallsClosuresTopLevelAndArguments() {
        let source = """
            let root = RootComponent(parent: BootstrapComponent())
            final class AppBuilder: Builder<AppDependency> {
                func build() -> Router {
                    let child = ChildBuilder(dependency: component, listener: self)
                    items.map { _ in Row.Builder(dependency: component) }
                    return Router(interactor: interactor)
                }
            }
            func start() { _ = ProfileBuilder(dependency: dependency ).build(withListener: l) }
            """
        #expect(
            facts(source).calls == [
                CallFact(
                    callee: "RootComponent", arguments: [CallArgument(label: "parent", value: "BootstrapComponent()")],
                    enclosingMember: "root", line: 1, column: 12),
                CallFact(
                    callee: "ChildBuilder",
                    arguments: [
                        CallArgument(label: "dependency", value: "component"), CallArgument(label: "listener", value: "self"),
                    ],
                    enclosingType: "AppBuilder", enclosingMember: "build", line: 4, column: 21),
                CallFact(
                    callee: "Row.Builder", arguments: [CallArgument(label: "dependency", value: "component")],
                    enclosingType: "AppBuilder", enclosingMember: "build", line: 5, column: 26),
                CallFact(
                    callee: "ProfileBuilder", arguments: [CallArgument(label: "dependency", value: "dependency")],
                    enclosingMember: "start", line: 9, column: 20),
            ])
    }

    @Test func callsInsideIfConfigCarryTheCondition() {
        let source = """
            class RootComponent: BootstrapComponent {
                #if DEBUG
                var debug: DebugComponent { DebugComponent(parent: self) }
                #else
                var release: ReleaseComponent {
                    #if os(iOS)
                    return .init(parent: self)
                    #else
                    return ReleaseComponent(parent: self)
                    #endif
                }
                #endif
            }
            """
        let calls = facts(source).calls
        #expect(calls.map(\.condition) == ["DEBUG", "!(DEBUG) && os(iOS)", "!(DEBUG) && !(os(iOS))"])
        #expect(calls.map(\.contextType) == [nil, "ReleaseComponent", nil])
    }

    @Test func argumentValuesAreNormalisedAndUnlabeledArgumentsKept() {
        let source = """
            let x = Make(first,
                         parent: self . child ,
                         /* note */ other: [1,2])
            """
        #expect(
            facts(source).calls.first?.arguments == [
                CallArgument(label: nil, value: "first"),
                CallArgument(label: "parent", value: "self.child"),
                CallArgument(label: "other", value: "[1, 2]"),
            ])
    }

    @Test func callsWithoutWiringLabelsAreIgnored() {
        #expect(facts("let a = Foo(parentView: v, dependencies: d, x: parent)").calls.isEmpty)
    }

    @Test func backtickedLabelsCount() {
        #expect(facts("let a = XComponent(`parent`: self)").calls.map(\.callee) == ["XComponent"])
    }
}
