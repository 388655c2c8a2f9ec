# Homebrew formula, in a tap's layout: `brew tap OWNER/archlint https://github.com/OWNER/archlint` then
# `brew install archlint` (or `brew install --HEAD archlint` for main). OWNER is the GitHub account the project
# is published under (not chosen yet). The stable build is the git tag named by `tag:`, which must be archlint's
# version (`ArchlintVersion.current`, Sources/ArchlintModel/LintReport.swift) with a `v`: Homebrew reads the
# version from it. Until that tag is pushed, only --HEAD installs. A tap may also pin the tag's commit; that
# commit is known only once the tag exists, so it is left out rather than guessed.
class Archlint < Formula
  desc "Architecture linter for multi-module Swift and iOS codebases"
  homepage "https://github.com/OWNER/archlint"
  url "https://github.com/OWNER/archlint.git", tag: "v0.1.0"
  license "MIT"
  head "https://github.com/OWNER/archlint.git", branch: "main"

  depends_on xcode: ["16.0", :build]
  depends_on macos: :sonoma
  # Pictures only: archlint opens libgvc at run time (the build needs no Graphviz) and draws with this one.
  depends_on "graphviz"

  uses_from_macos "swift" => :build

  def install
    # The commit `archlint --version` names, through the header Sources/CBuildInfo includes (as scripts/install.sh
    # writes it). Homebrew stages a git source without its .git: the commit comes from its clone in the cache,
    # checked out at the tag (or main's head).
    commit = Utils.git_short_head(cached_download, length: 12)
    (buildpath/"build-info").mkpath
    (buildpath/"build-info/archlint_commit.h").write "#define ARCHLINT_COMMIT \"#{commit}\"\n"

    args = ["--configuration", "release", "-Xcc", "-I#{buildpath}/build-info"]
    # SwiftPM's own sandbox can't nest in Homebrew's on macOS; on Linux the Swift runtime is linked in.
    args << (OS.mac? ? "--disable-sandbox" : "--static-swift-stdlib")
    system "swift", "build", *args, "--product", "archlint"
    system "swift", "build", *args, "--product", "generate-manual"
    bin.install ".build/release/archlint"

    # swift-argument-parser's generators: `archlint --generate-completion-script SHELL` and generate-manual.
    generate_completions_from_executable(bin/"archlint", "--generate-completion-script")
    system ".build/release/generate-manual", bin/"archlint", "--output-directory", buildpath/"man"
    man1.install buildpath/"man/archlint.1"
  end

  test do
    # A --HEAD build's version is HEAD-<commit>; archlint's own is then the next release's, so only the commit is checked.
    assert_match(version.head? ? "(commit #{version.to_s.delete_prefix("HEAD-")}" : version.to_s,
                 shell_output("#{bin}/archlint --version"))
    (testpath/"Package.swift").write <<~SWIFT
      // swift-tools-version: 5.9
      import PackageDescription
      let package = Package(name: "Demo", targets: [.target(name: "A"), .target(name: "B", dependencies: ["A"])])
    SWIFT
    (testpath/"Sources/A/A.swift").write "import B\n"
    (testpath/"Sources/B/B.swift").write "import A\n"
    output = shell_output("#{bin}/archlint lint #{testpath}", 1)
    assert_match "[module-cycle]", output
    assert_match "digraph", shell_output("#{bin}/archlint graph #{testpath} --kind modules --format dot")
  end
end
