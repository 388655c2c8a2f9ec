import Testing

@testable import Rendering

@Suite struct GraphvizInstallHintTests {
    @Test func eachSystemGetsItsOwnPackageManager() {
        #expect(GraphvizInstallHint.command(for: .macOS) == "brew install graphviz")
        #expect(GraphvizInstallHint.command(for: .linux(ids: ["ubuntu", "debian"])) == "sudo apt-get install graphviz")
        #expect(GraphvizInstallHint.command(for: .linux(ids: ["fedora"])) == "sudo dnf install graphviz")
        #expect(GraphvizInstallHint.command(for: .linux(ids: ["rocky", "rhel", "centos", "fedora"])) == "sudo dnf install graphviz")
        #expect(GraphvizInstallHint.command(for: .linux(ids: ["opensuse-tumbleweed"])) == "sudo zypper install graphviz")
        #expect(GraphvizInstallHint.command(for: .linux(ids: ["gentoo"])) == nil)
        #expect(GraphvizInstallHint.line(for: .linux(ids: [])).contains("https://graphviz.org/download/"))
        #expect(!GraphvizInstallHint.line(for: .macOS).contains("apt"))
    }

    @Test func osReleaseGivesIDThenIDLike() {
        let text = "NAME=\"Ubuntu\"\nID=ubuntu\nID_LIKE=debian\nVERSION_ID=\"24.04\"\n"
        #expect(GraphvizInstallHint.osReleaseIDs(text) == ["ubuntu", "debian"])
        #expect(GraphvizInstallHint.osReleaseIDs("ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"") == ["rocky", "rhel", "centos", "fedora"])
    }
}
