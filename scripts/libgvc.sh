# Sourced by bootstrap.sh and install.sh: `has_libgvc` says whether Graphviz's runtime library is where archlint
# looks for it (Sources/Rendering/GraphvizLibrary.swift): archlint's own override (ARCHLINT_GRAPHVIZ_LIB, a libgvc
# or its folder) first, then the loader's path (Linux) or Homebrew's and MacPorts' folders (macOS).
# archlint opens libgvc at run time, only to draw pictures; building it needs no Graphviz.
# shellcheck shell=bash
has_libgvc() {
  if [ -n "${ARCHLINT_GRAPHVIZ_LIB:-}" ]; then [ -e "$ARCHLINT_GRAPHVIZ_LIB" ]; return; fi
  if [ "$(uname -s)" = Darwin ]; then
    for library in /opt/homebrew/lib/libgvc*.dylib /usr/local/lib/libgvc*.dylib /opt/local/lib/libgvc*.dylib; do
      [ -e "$library" ] && return 0
    done
    return 1
  fi
  { /sbin/ldconfig -p 2>/dev/null || ldconfig -p 2>/dev/null; } | grep 'libgvc\.so\.[67] ' >/dev/null  # not -q: an early exit would fail the pipe (pipefail)
}
