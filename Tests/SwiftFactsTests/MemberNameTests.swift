import ArchlintModel
import Testing

@testable import SwiftFacts

/// `FileFacts.memberNames`: what the byte-level pass reads of extension members and of names after a `.`.
@Suite struct MemberNameTests {
    @Test func extensionMembersAreDeclaredDirectlyInTheBody() {
        let source = """
            import Dependencies

            extension DependencyValues {
                public var fileClient: FileClient {
                    get { self[FileClientKey.self] }
                    set { self[FileClientKey.self] = newValue }
                }
                #if DEBUG
                static let previewValue = FileClient.noop
                #endif
                public func reset() { let local = 1; _ = local }
                struct Nested { var inner = 0 }
                public static func == (lhs: Self, rhs: Self) -> Bool { true }
                init(seed: Int) { self.init() }
            }

            struct FileClient {
                var load: () -> Void
                func save() {}
            }

            extension FileClient where Self: Sendable {
                static var noop: Self { Self(load: {}) }
            }

            """
        let names = facts(source).memberNames
        #expect(names.declaredInExtensions == ["fileClient", "reset"])
        #expect(names.staticDeclaredInExtensions == ["noop", "previewValue"])
    }

    @Test func usedNamesFollowASingleDotOnAValueOrAType() {
        let source = """
            import Foundation.NSURL
            #if canImport(UIKit.UIView)
            import UIKit
            #endif

            struct Feature {
                @Dependency(\\.fileClient) var fileClient
                let path = \\DependencyValues.apiClient.baseURL
                let numbers = 0...count
                let half = 1.5

                func run() {
                    self.fileClient.load()
                    $0.userDefaults = .noop
                    optional?.storeKit.buy()
                    print("\\(model.title) .notAMember") // .inComment
                    Loader
                        .shared
                        .Type
                    let view = Text("x")
                        .adaptivePadding()
                    let id = UUID.deadbeef
                    switch mode {
                    case .timed: return .live
                    default: _ = flag ? .on : Self.off
                    }
                }
            }

            """
        let names = facts(source).memberNames
        #expect(names.used == [
            "adaptivePadding", "apiClient", "baseURL", "buy", "fileClient", "load", "storeKit", "title", "userDefaults",
        ])
        #expect(names.usedOnTypes == ["deadbeef", "live", "noop", "off", "on", "shared", "timed"])
    }

    @Test func aNameTheFileDeclaresInATypeIsItsOwnExceptInAKeyPath() {
        let source = """
            import XCTest

            final class NewsEventsViewModelTests: XCTestCase {
                @Dependency(\\.fileClient) var fileClient
                static let fixture = Fixture()

                func testTitle() throws {
                    let first = try self.eventViewModel(at: 0)
                    let second = self.fileClient.load(first)
                    _ = [Self.fixture, .fixture, .stub, model.stubbedTitle]
                }

                private func eventViewModel(at index: Int) throws -> EventViewModel { viewModels[index] }
            }

            enum Route {
                case detail
                var isDetail: Bool { self == .detail }
            }

            """
        let names = facts(source).memberNames
        #expect(names.used == ["fileClient", "load", "stubbedTitle"])
        #expect(names.usedOnTypes == ["detail", "stub"])
        #expect(names.usedOwn == ["eventViewModel", "fileClient", "fixture"])
    }

    @Test func aFileReadForItsImportsOnlyHasTheSameMemberNames() throws {
        let source = """
            import Dependencies

            struct GameModel {
                @Dependency(\\.fileClient) var fileClient
                func resume() { fileClient.loadSavedGames() }
            }

            extension GameModel {
                var title: String { "Game" }
            }

            """
        let reading = FileScanner.read(source: source, path: "Game.swift", demand: .importsOnly)
        #expect(reading.skimmed != nil)
        #expect(reading.facts.memberNames == facts(source).memberNames)
        #expect(reading.facts.memberNames == MemberNames(
            declaredInExtensions: ["title"], used: ["fileClient", "loadSavedGames"]))
    }

    /// The pass agrees with the parser on what every fixture file's extensions declare.
    @Test(.enabled(if: !FastModeTests.fixtureFiles.isEmpty, "no .swift fixtures"))
    func fixtureExtensionMembersAreTheParsersOnes() {
        for url in FastModeTests.fixtureFiles {
            guard let source = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let scanned = FileScanner.scan(source: source, path: url.path, mode: .full)
            let extensions = scanned.types.filter { $0.kind == .extension }
            func names(isStatic: Bool) -> [String] {
                let all = extensions.flatMap {
                    $0.properties.filter { $0.isStatic == isStatic }.map(\.name)
                        + $0.functions.filter { $0.isStatic == isStatic }.map(\.name)
                }
                return Array(Set(all.filter { $0 != "init" && ($0.first.map { $0.isLowercase || $0 == "_" } ?? false) })).sorted()
            }
            #expect(scanned.memberNames.declaredInExtensions == names(isStatic: false), "\(url.path)")
            #expect(scanned.memberNames.staticDeclaredInExtensions == names(isStatic: true), "\(url.path)")
        }
    }
}
