import ArchlintModel
import Configuration
import Graphs

/// A builder whose `makeView()` or `build…()` returns `AnyView`.
public struct BuilderAnyViewRule: Rule, ScanDemandProvider {
    public static let description = RuleDescription(
        id: "builder-anyview",
        name: "Builder returns AnyView",
        summary: "A Builder's `makeView()` or `build…()` returns `AnyView`.",
        rationale: """
            `AnyView` erases the view's type, so SwiftUI can no longer tell when the same view is rebuilt: it \
            loses state, animations and diffing on every update of the parent. A builder doesn't need type \
            erasure to hide its view: give its protocol an associated type (`associatedtype Content: View`, \
            `func makeView() -> Content`) or return `some View` from the concrete builder, and erase only where \
            a heterogeneous collection really requires it.
            """,
        defaultSeverity: .warning,
        group: .ribs,
        triggeringExamples: [
            RuleExample([
                "Sources/Profile/ProfileBuilder.swift": """
                    import RIBs
                    import SwiftUI

                    protocol ProfileBuildable {
                        func ↓makeView() -> AnyView
                    }

                    final class ProfileBuilder: ProfileBuildable {
                        func ↓makeView() -> AnyView {
                            AnyView(ProfileView())
                        }

                        func ↓buildDetail(id: String) -> (view: AnyView, router: ProfileRouting) {
                            (AnyView(ProfileDetailView(id: id)), ProfileRouter())
                        }
                    }
                    """,
            ]),
        ],
        nonTriggeringExamples: [
            RuleExample([
                "Sources/Profile/ProfileBuilder.swift": """
                    import SwiftUI

                    protocol ProfileBuildable {
                        associatedtype Content: View
                        func makeView() -> Content
                    }

                    final class ProfileBuilder: ProfileBuildable {
                        func makeView() -> some View {
                            ProfileView()
                        }
                    }

                    struct Menu {
                        func makeView() -> AnyView { AnyView(Text("Not a builder")) }
                    }

                    @resultBuilder
                    enum ErasingViewBuilder {
                        static func buildBlock(_ views: AnyView...) -> AnyView { views[0] }
                    }
                    """,
            ]),
        ]
    )

    public init() {}

    /// A finding is a function whose return type names `AnyView`, in the declaration that holds it.
    public static func scanDemand(_ options: NoOptions) -> ScanDemand {
        ScanDemand(names: ["AnyView"], nameParts: [])
    }

    public func check(_ context: LintContext) -> [Diagnostic] {
        let types = context.types
        // Whether a type is a builder depends only on the type: decide once per type, not once per declaration
        // (a name with many extensions would otherwise be re-examined quadratically).
        var builderByType: [TypeIndex.TypeIdentity: Bool] = [:]
        let builders = types.all.filter { located in
            if located.simpleName.hasSuffix("Builder") || located.simpleName.hasSuffix("Buildable") { return true }
            let type = types.identity(of: located)
            if let known = builderByType[type] { return known }
            let isBuilder = isBuilder(located, types)
            builderByType[type] = isBuilder
            return isBuilder
        }
        return builders.flatMap { builder in
            builder.decl.functions.filter { function in
                // Static `build…` functions belong to result builders (`buildBlock`), not to screen builders.
                !function.isStatic && (function.name == "makeView" || function.name.hasPrefix("build"))
                    && NeedleTypeText.identifiers(function.returnType ?? "").contains("AnyView")
            }.map { function in
                Diagnostic(
                    rule: Self.description.id,
                    message: "\(builder.simpleName).\(function.name)() returns `\(function.returnType ?? "AnyView")`, which "
                        + "erases SwiftUI's view identity. "
                        + (builder.decl.kind == .protocol
                            ? "Give the protocol an associated type (`associatedtype Content: View`) and return it."
                            : "Return `some View` or the concrete view type instead."),
                    location: SourceLocation(file: builder.path, line: function.line, column: function.column),
                    module: builder.module,
                    subject: [builder.simpleName, function.name]
                )
            }
        }
    }

    /// A builder: named `…Builder` / `…Buildable`, a `Builder<…>` subclass, or conforming to a `…Buildable` (in
    /// its declaration or an extension of it: of same-named types, the one each file sees).
    private func isBuilder(_ located: LocatedType, _ types: TypeIndex) -> Bool {
        let inherited = types.declarationAndExtensions(of: located).flatMap(\.decl.inheritance).map(NeedleTypeText.lastComponent)
        return inherited.contains { $0 == "Builder" || $0.hasSuffix("Buildable") }
    }
}
