#!/usr/bin/env bash
# Builds archlint (release by default), with the Swift runtime linked in statically (Linux), and installs
#   PREFIX/bin/archlint, PREFIX/share/man/man1/archlint.1 and the bash, zsh and fish completions.
# Building needs no Graphviz: archlint opens libgvc at run time, only to draw pictures (graph --format svg|png|pdf,
# the HTML report). Without Graphviz everything else works; install its runtime package to draw (Debian:
# graphviz or libgvc6, Fedora and Homebrew: graphviz). This script says which when it is missing.
#
#   scripts/install.sh [--prefix DIR] [--scratch-path DIR] [--configuration release|debug]
#
# --prefix defaults to /usr/local; --scratch-path (the build directory) to .build-install in this checkout, so
# a second run only rebuilds what changed. --configuration debug builds in a third of release's CPU time, for a
# slower archlint (the test suite uses it). Runs under macOS's /bin/bash 3.2 and `bash --posix` (no arrays).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
prefix=/usr/local
scratch="$root/.build-install"
configuration=release

fail() { echo "install.sh: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || fail "--prefix needs a directory"; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --scratch-path) [ $# -ge 2 ] || fail "--scratch-path needs a directory"; scratch="$2"; shift 2 ;;
    --scratch-path=*) scratch="${1#--scratch-path=}"; shift ;;
    --configuration) [ $# -ge 2 ] || fail "--configuration needs release or debug"; configuration="$2"; shift 2 ;;
    --configuration=*) configuration="${1#--configuration=}"; shift ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) fail "unknown argument '$1'; usage: scripts/install.sh [--prefix DIR] [--scratch-path DIR] [--configuration release|debug]" ;;
  esac
done

# Everything that can be wrong is checked before the build, which takes minutes.
case "$configuration" in
  release|debug) ;;
  *) fail "--configuration is release or debug, not '$configuration'" ;;
esac
bindir="$prefix/bin"
probe=""
if mkdir -p "$bindir" 2>/dev/null; then probe="$(mktemp "$bindir/.archlint-install.XXXXXX" 2>/dev/null || true)"; fi
[ -n "$probe" ] || fail "cannot write to $bindir; run as root (sudo) or choose a prefix you own with --prefix DIR (e.g. --prefix \$HOME/.local)"
rm -f "$probe"

# How to install a package on this system: `install_hint DEBIAN-PACKAGE FEDORA-PACKAGE HOMEBREW-FORMULA`.
# (archlint's own message for a missing Graphviz comes from GraphvizInstallHint; this one is for before the build.)
install_hint() {
  if [ "$(uname -s)" = Darwin ] || { ! command -v apt-get >/dev/null 2>&1 && command -v brew >/dev/null 2>&1; }; then
    echo "brew install $3"
  elif command -v dnf >/dev/null 2>&1 && ! command -v apt-get >/dev/null 2>&1; then echo "dnf install $2"
  else echo "apt-get install $1"
  fi
}

# Graphviz's runtime library, for pictures only: a note, never a reason to stop.
# shellcheck source=scripts/libgvc.sh
. "$root/scripts/libgvc.sh"
has_libgvc || echo "install.sh: Graphviz is not installed; archlint works without it but draws no pictures" \
  "(graph --format svg/png/pdf, the HTML report): to draw them, $(install_hint graphviz graphviz graphviz)" >&2

command -v swift >/dev/null 2>&1 || fail "swift is not on PATH; install a Swift 6 toolchain (https://swift.org/install, or Xcode 16 or later on macOS)"

# The commit goes into a header that CBuildInfo includes when it exists (see Sources/CBuildInfo/build_info.c).
commit="unknown"
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  commit="$(git -C "$root" rev-parse --short=12 HEAD)"
  git -C "$root" diff --quiet HEAD -- 2>/dev/null || commit="$commit-dirty"
fi
mkdir -p "$scratch/build-info"
header="$scratch/build-info/archlint_commit.h"
line="#define ARCHLINT_COMMIT \"$commit\""
# Rewritten only when it changes, so an unchanged checkout rebuilds nothing.
[ -f "$header" ] && [ "$(cat "$header")" = "$line" ] || echo "$line" > "$header"

# Linux: the Swift runtime and Foundation linked in statically, and a position-dependent executable, so the dynamic
# loader has no relocations to apply to the binary's metadata at every start (`--version` 0.82x the time of the
# static PIE build, a warm unchanged lint 0.96x; the binary's own address is then not randomised). macOS has the
# Swift runtime in the system.
build() {
  if [ "$(uname -s)" = Linux ]; then
    swift build --package-path "$root" -c "$configuration" --static-swift-stdlib -Xlinker -no-pie \
      --scratch-path "$scratch" -Xcc "-I$scratch/build-info" "$@"
  else
    swift build --package-path "$root" -c "$configuration" --scratch-path "$scratch" -Xcc "-I$scratch/build-info" "$@"
  fi
}
echo "install.sh: building archlint $commit in $configuration (a first build takes several minutes)" >&2
build --product archlint >&2
binary="$(build --product archlint --show-bin-path)/archlint"

install -m 0755 "$binary" "$bindir/archlint"
# Symbols are almost half of a release binary (134 MB → 77 MB on Linux).
command -v strip >/dev/null 2>&1 && strip "$bindir/archlint"

# Completions and the man page come from swift-argument-parser's own generators.
share="$prefix/share"
mkdir -p "$share/bash-completion/completions" "$share/zsh/site-functions" "$share/fish/vendor_completions.d" "$share/man/man1"
"$bindir/archlint" --generate-completion-script bash > "$share/bash-completion/completions/archlint"
"$bindir/archlint" --generate-completion-script zsh > "$share/zsh/site-functions/_archlint"
"$bindir/archlint" --generate-completion-script fish > "$share/fish/vendor_completions.d/archlint.fish"
build --product generate-manual >&2
"$(build --product generate-manual --show-bin-path)/generate-manual" "$bindir/archlint" \
  --output-directory "$share/man/man1" >&2

echo "install.sh: installed $("$bindir/archlint" --version) as $bindir/archlint" >&2
