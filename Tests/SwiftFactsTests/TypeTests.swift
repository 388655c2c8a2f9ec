import ArchlintModel
import Testing

@testable import SwiftFacts

@Suite struct TypeTests {
    @Test func kindsNamesLocationsAndAccessLevels() {
        let source = """
            public final class A {}
            struct B {}
            private enum C {}
            protocol D {}
            actor E {}
            open class F {}
            fileprivate extension A {}
            """
        let types = facts(source).types
        #expect(
            types == [
                TypeDecl(kind: .class, name: "A", accessLevel: "public", line: 1, column: 20),
                TypeDecl(kind: .struct, name: "B", line: 2, column: 8),
                TypeDecl(kind: .enum, name: "C", accessLevel: "private", line: 3, column: 14),
                TypeDecl(kind: .protocol, name: "D", line: 4, column: 10),
                TypeDecl(kind: .actor, name: "E", line: 5, column: 7),
                TypeDecl(kind: .class, name: "F", accessLevel: "open", line: 6, column: 12),
                TypeDecl(kind: .extension, name: "A", accessLevel: "fileprivate", line: 7, column: 23),
            ])
    }

    @Test func inheritanceTextsAreNormalised() {
        let source = """
            class GachaComponent: Component< GachaDependency > {}
            class Q: NeedleFoundation . Component<X>, Sendable {}
            final class Host: UIHostingController<RootView> {}
            class P: PluginizedComponent<Dep,Ext, NonCore> {}
            struct V: View, Equatable {}
            protocol GachaDependency: Dependency, AnyObject {}
            struct M: ~Copyable {}
            class D: Dictionary<String ,[Int]> {}
            """
        #expect(
            facts(source).types.map(\.inheritance) == [
                ["Component<GachaDependency>"],
                ["NeedleFoundation.Component<X>", "Sendable"],
                ["UIHostingController<RootView>"],
                ["PluginizedComponent<Dep, Ext, NonCore>"],
                ["View", "Equatable"],
                ["Dependency", "AnyObject"],
                ["~Copyable"],
                ["Dictionary<String, [Int]>"],
            ])
    }

    @Test func genericWhereClausesAreNotPartOfInheritance() {
        let source = """
            class Box<T>: Base<T> where T: Equatable {}
            extension Array: Describable where Element: Describable {}
            protocol Store: AnyObject where Self: Sendable {}
            """
        let types = facts(source).types
        #expect(types.map(\.name) == ["Box", "Array", "Store"])
        #expect(types.map(\.inheritance) == [["Base<T>"], ["Describable"], ["AnyObject"]])
    }

    @Test func nestedTypesHaveQualifiedNames() {
        let source = """
            enum Outer {
                struct Middle {
                    class Inner {}
                }
                enum Sibling {}
            }
            extension Outer.Middle {
                struct Added {}
            }
            """
        let types = facts(source).types
        #expect(types.map(\.qualifiedName) == ["Outer", "Outer.Middle", "Outer.Middle.Inner", "Outer.Sibling", "Outer.Middle", "Outer.Middle.Added"])
        #expect(types.map(\.name) == ["Outer", "Middle", "Inner", "Sibling", "Outer.Middle", "Added"])
        #expect(types[4].kind == .extension)
        #expect(types[4].line == 7 && types[4].column == 11)
    }

    @Test func extensionsOfQualifiedAndGenericTypes() {
        let source = """
            extension Feature.RootComponent: Feature.ChildDependency {}
            extension Swift.Array where Element == Int {}
            extension Optional: Sendable {}
            """
        let types = facts(source).types
        #expect(types.map(\.name) == ["Feature.RootComponent", "Swift.Array", "Optional"])
        #expect(types.map(\.inheritance) == [["Feature.ChildDependency"], [], ["Sendable"]])
    }

    @Test func typesInsideIfConfigCarryTheCondition() {
        let source = """
            #if DEBUG
            final class DebugComponent: Component<DebugDependency> {
                #if os(iOS)
                struct Nested {}
                #endif
            }
            #else
            class ReleaseComponent {}
            #endif
            """
        let types = facts(source).types
        #expect(types.map(\.qualifiedName) == ["DebugComponent", "DebugComponent.Nested", "ReleaseComponent"])
        #expect(types.map(\.condition) == ["DEBUG", "DEBUG && os(iOS)", "!(DEBUG)"])
    }

    @Test func localTypesInsideFunctionsAreQualifiedByTheirEnclosingType() {
        let source = """
            struct Host {
                func make() {
                    struct Local { var value: Int }
                }
            }
            """
        let result = facts(source)
        #expect(result.types.map(\.qualifiedName) == ["Host", "Host.Local"])
        #expect(result.type("Host.Local")?.properties.map(\.name) == ["value"])
        #expect(result.type("Host")?.properties == [])
    }
}
