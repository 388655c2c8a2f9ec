import ArchlintModel
import Foundation
import Testing
@testable import Workspace

/// Which needle an app builds with, read from each lockfile format and from manifests' requirements; a file
/// that mentions needle but can't be read is a diagnostic, never a crash.
@Suite struct NeedleVersionsTests {
    typealias Found = NeedleVersions.Found

    static func v(_ text: String) -> NeedleVersion { NeedleVersion(text)! }

    @Test func versionsParseAndOrder() {
        #expect(NeedleVersion("v0.17.2") == NeedleVersion(0, 17, 2))
        #expect(NeedleVersion("0.24") == NeedleVersion(0, 24, 0))
        #expect(NeedleVersion("1") == NeedleVersion(1, 0, 0))
        for bad in ["", "v", "0..1", "0.1.2.3", "0.x", "-1.0", "0.17.2-beta", "99999999999.0"] {
            #expect(NeedleVersion(bad) == nil, "\(bad)")
        }
        #expect(Self.v("0.23.9") < Self.v("0.24.0"))
        #expect(Self.v("0.9.0") < Self.v("0.17.0"))
    }

    @Test func podfileLock() {
        let text = "PODS:\n  - NeedleFoundation (0.17.2)\n  - RxSwift (6.5.0)\n\nDEPENDENCIES:\n  - NeedleFoundation\n"
        #expect(NeedleVersions.podfileLock(text) == .found([
            Found(line: 2, lower: Self.v("0.17.2"), upper: Self.v("0.17.3"), written: "0.17.2")]))
        // A pod with subspecs is listed with a colon after the version.
        #expect(NeedleVersions.podfileLock("PODS:\n  - NeedleFoundation (0.19.0):\n    - Foo\n")
            == .found([Found(line: 2, lower: Self.v("0.19.0"), upper: Self.v("0.19.1"), written: "0.19.0")]))
        #expect(NeedleVersions.podfileLock("PODS:\n  - RxSwift (6.5.0)\n") == .none)
        #expect(NeedleVersions.podfileLock("PODS:\n  - NeedleFoundation (zero)\n") == .malformed("`zero` is not a version", line: 2))
        #expect(NeedleVersions.podfileLock("PODS:\n  - NeedleFoundation (0.17.2\n")
            == .malformed("its `NeedleFoundation` pod has no version in parentheses", line: 2))
    }

    @Test func packageResolvedVersionOne() {
        let text = """
            {
              "object": {
                "pins": [
                  {
                    "package": "RxSwift",
                    "repositoryURL": "https://github.com/ReactiveX/RxSwift.git",
                    "state": { "branch": null, "revision": "abc", "version": "6.5.0" }
                  },
                  {
                    "package": "needle",
                    "repositoryURL": "https://github.com/uber/needle.git",
                    "state": { "branch": null, "revision": "def", "version": "0.18.1" }
                  }
                ]
              },
              "version": 1
            }
            """
        #expect(NeedleVersions.packageResolved(text) == .found([
            Found(line: 10, lower: Self.v("0.18.1"), upper: Self.v("0.18.2"), written: "0.18.1")]))
    }

    @Test func packageResolvedVersionsTwoAndThree() {
        for version in [2, 3] {
            let text = """
                {
                  "pins" : [
                    {
                      "identity" : "needle",
                      "kind" : "remoteSourceControl",
                      "location" : "https://github.com/uber/needle.git",
                      "state" : { "revision" : "6db73ae", "version" : "0.24.0" }
                    }
                  ],
                  "version" : \(version)
                }
                """
            #expect(NeedleVersions.packageResolved(text) == .found([
                Found(line: 4, lower: Self.v("0.24.0"), upper: Self.v("0.24.1"), written: "0.24.0")]))
        }
        // A branch pin allows any needle.
        let branch = #"{"pins": [{"identity": "needle", "location": "https://github.com/uber/needle", "state": {"branch": "master", "revision": "abc"}}], "version": 2}"#
        #expect(NeedleVersions.packageResolved(branch) == .found([Found(line: 1, lower: nil, upper: nil, written: "branch master")]))
        // A branch pin resolved at a release's commit builds that release (NeedlePractice: master at v0.22.0's).
        let atRelease = #"{"pins": [{"identity": "needle", "location": "https://github.com/uber/needle.git", "state": {"branch": "master", "revision": "d3eaf696ad2e4c3e25618cfa3643402fdd237f7a"}}], "version": 2}"#
        #expect(NeedleVersions.packageResolved(atRelease) == .found([Found(
            line: 1, lower: Self.v("0.22.0"), upper: Self.v("0.22.1"), written: "branch master, at release 0.22.0's commit")]))
        // Another package whose name merely contains "needle".
        let other = #"{"pins": [{"identity": "haystack", "location": "https://example.com/needle-tools", "state": {"version": "1.0.0"}}], "version": 2}"#
        #expect(NeedleVersions.packageResolved(other) == .none)
    }

    @Test func malformedPackageResolvedIsSaidNotCrashed() {
        #expect(NeedleVersions.packageResolved("{ \"pins\": [ { \"identity\": \"needle\" ") == .malformed("it is not a JSON object", line: 1))
        #expect(NeedleVersions.packageResolved("[\"needle\"]") == .malformed("it is not a JSON object", line: 1))
        #expect(NeedleVersions.packageResolved(#"{"needle": 1}"#) == .malformed("it has no `pins` list", line: 1))
        #expect(NeedleVersions.packageResolved(#"{"pins": [{"identity": "needle", "state": {"version": "latest"}}]}"#)
            == .malformed("the needle pin's version `latest` is not a version", line: 1))
        #expect(NeedleVersions.packageResolved(#"{"pins": ["needle", 3, null]}"#) == .none)
        #expect(NeedleVersions.packageResolved(String(repeating: "[", count: 100_000) + "needle") == .malformed("it is not a JSON object", line: 1))
    }

    @Test func cartfileResolved() {
        #expect(NeedleVersions.cartfileResolved("github \"ReactiveX/RxSwift\" \"6.5.0\"\ngithub \"uber/needle\" \"v0.17.2\"\n")
            == .found([Found(line: 2, lower: Self.v("0.17.2"), upper: Self.v("0.17.3"), written: "v0.17.2")]))
        #expect(NeedleVersions.cartfileResolved("github \"uber/needle\" \"0123abcd\"\n")
            == .found([Found(line: 1, lower: nil, upper: nil, written: "0123abcd")]))
        #expect(NeedleVersions.cartfileResolved("github \"uber/needle\" \"6DB73AE873952794B94FD6BB5111554E23C160AF\"\n")
            == .found([Found(line: 1, lower: Self.v("0.24.0"), upper: Self.v("0.24.1"),
                             written: "commit 6DB73AE873952794B94FD6BB5111554E23C160AF, release 0.24.0's")]))
        #expect(NeedleVersions.cartfileResolved("") == .none)
        #expect(NeedleVersions.cartfileResolved("github uber/needle v0.17.2\n")
            == .malformed("no line reads `github \"uber/needle\" \"VERSION\"`", line: 1))
    }

    @Test func requirements() {
        func range(_ text: String) -> String {
            let range = NeedleVersions.range(ofRequirement: text)
            return "\(range.lower.map(\.description) ?? "-")..<\(range.upper.map(\.description) ?? "-")"
        }
        #expect(range(#"exact: "0.22.0""#) == "0.22.0..<0.22.1")
        #expect(range(#".exact("0.22.0")"#) == "0.22.0..<0.22.1")
        #expect(range(#"from: "0.19.0""#) == "0.19.0..<1.0.0")
        #expect(range(#".upToNextMajor(from: "0.19.0")"#) == "0.19.0..<1.0.0")
        #expect(range(#".upToNextMinor(from: "0.18.1")"#) == "0.18.1..<0.19.0")
        #expect(range(#""0.17.0"..<"0.24.0""#) == "0.17.0..<0.24.0")
        #expect(range(#""0.17.0"..."0.23.0""#) == "0.17.0..<0.23.1")
        #expect(range(#"branch: "master""#) == "-..<-")
        #expect(range(#"revision: "abc""#) == "-..<-")
        #expect(range("") == "-..<-")
    }

    @Test func tuistManifests() {
        let dependencies = """
            let dependencies = Dependencies(
                swiftPackageManager: [
                    .remote(url: "https://github.com/Quick/Nimble.git", requirement: .upToNextMajor(from: "10.0.0")),
                    .remote(url: "https://github.com/uber/needle", requirement: .exact("0.22.0")),
                    // .remote(url: "https://github.com/uber/needle", requirement: .exact("0.17.0")),
                ]
            )
            """
        #expect(NeedleVersions.requirementsInText(dependencies) == .found([
            Found(line: 4, lower: Self.v("0.22.0"), upper: Self.v("0.22.1"), written: #"requirement: .exact("0.22.0")"#)]))
        let split = """
                .remote(
                    url: "https://github.com/uber/needle.git",
                    requirement: .upToNextMajor(from: "0.24.0")
                )
            """
        #expect(NeedleVersions.requirementsInText(split) == .found([
            Found(line: 2, lower: Self.v("0.24.0"), upper: Self.v("1.0.0"), written: #"requirement: .upToNextMajor(from: "0.24.0")"#)]))
    }

    @Test func whereALockfileSpeaksFor() {
        #expect(NeedleVersions.directory(of: "Podfile.lock") == "")
        #expect(NeedleVersions.directory(of: "App/Package.resolved") == "App")
        #expect(NeedleVersions.directory(of: "App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved") == "App")
        #expect(NeedleVersions.directory(of: "App.xcworkspace/xcshareddata/swiftpm/Package.resolved") == "")
        #expect(NeedleVersions.directory(of: "Tuist/Package.resolved") == "")
        #expect(NeedleVersions.directory(of: "Tuist/Dependencies/Lockfiles/Package.resolved") == "")
        #expect(NeedleVersions.directory(of: "iOS/Tuist/Dependencies.swift") == "iOS")
    }

    /// Through the scan: every format where its tool keeps it, and a broken lockfile as a diagnostic at its file.
    @Test func theScanReadsLockfilesAndSaysWhichItCouldNotRead() throws {
        let repository = try TemporaryRepository([
            "Podfile.lock": "PODS:\n  - NeedleFoundation (0.17.2)\n",
            "App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved":
                #"{"pins": [{"identity": "needle", "location": "https://github.com/uber/needle.git", "state": {"version": "0.23.0"}}], "version": 2}"#,
            "Tuist/Dependencies.swift": #"let d = Dependencies(swiftPackageManager: [.remote(url: "https://github.com/uber/needle", requirement: .exact("0.22.0"))])"#,
            "Other/Package.resolved": "{ \"pins\": [ needle",
            "Sources/A.swift": "struct A {}\n",
        ])
        let model = try WorkspaceScanner(options: ScanOptions(useCache: false)).scan(root: repository.root, configuration: .init())
        #expect(model.needleVersions.map { "\($0.place) \($0.directory) \($0.lower.map(\.description) ?? "-")" } == [
            "App/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved:1 App 0.23.0",
            "Podfile.lock:2  0.17.2",
            "Tuist/Dependencies.swift:1  0.22.0",
        ])
        let unreadable = model.diagnostics.filter { $0.rule == "unreadable-file" }
        #expect(unreadable.map(\.location.file) == ["Other/Package.resolved"])
        #expect(unreadable.first?.message.contains("mentions needle but it is not a JSON object") == true)
    }
}
