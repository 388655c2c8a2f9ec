#!/usr/bin/env bash
# Installs what archlint needs to draw pictures (Graphviz, opened at run time; the build itself needs only Swift)
# and, with --tests, what its test suite needs, with the system's package manager:
# apt (Debian, Ubuntu), dnf (Fedora, RHEL) or Homebrew (macOS, Linux). apt and dnf run as root (or through sudo);
# Homebrew never as root. Idempotent and quiet when everything is already there.
#
#   scripts/bootstrap.sh [--tests]
#
# Written for bash 3.2 (macOS's /bin/bash) and `bash --posix`: no arrays, no bash 4 features.
set -euo pipefail

tests=false
case "${1:-}" in
  --tests) tests=true ;;
  "") ;;
  *) echo "bootstrap: unknown argument '$1'; usage: scripts/bootstrap.sh [--tests]" >&2; exit 2 ;;
esac

if command -v apt-get >/dev/null 2>&1; then manager=apt
elif command -v dnf >/dev/null 2>&1; then manager=dnf
elif command -v brew >/dev/null 2>&1; then manager=brew
else
  echo "bootstrap: no apt-get, dnf or brew found; install Graphviz (its libgvc draws archlint's pictures) yourself" >&2
  exit 1
fi

# What is missing, as this manager's package names (space-separated; package names hold no spaces).
missing=""
need() { missing="$missing $1"; }

# The package that provides each thing, per manager.
package() {
  case "$manager:$1" in
    apt:chromium) echo chromium ;;
    dnf:chromium) echo chromium ;;
    *:python3-pip) [ "$manager" = brew ] && echo python || echo python3-pip ;;
    *) echo "$1" ;;
  esac
}

# shellcheck source=scripts/libgvc.sh
. "$(cd "$(dirname "$0")" && pwd)/libgvc.sh"
has_libgvc || need graphviz
if [ "$tests" = true ]; then
  command -v git >/dev/null 2>&1 || need git
  # The artifact bundle test zips and lists the bundle.
  command -v zip >/dev/null 2>&1 || need zip
  command -v unzip >/dev/null 2>&1 || need unzip
  # The Homebrew formula's syntax check (ruby -c) and the scripts' lint (shellcheck) in the test suite.
  command -v ruby >/dev/null 2>&1 || need ruby
  command -v shellcheck >/dev/null 2>&1 || need shellcheck
  command -v python3 >/dev/null 2>&1 || need python3
  python3 -m pip --version >/dev/null 2>&1 || need "$(package python3-pip)"
  # The HTML report test drives a headless Chromium; Homebrew has it only as an unsigned cask, so not on macOS.
  if [ "$manager" != brew ]; then
    command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || need "$(package chromium)"
  fi
fi

# Runs a command as root: directly when already root, else through sudo.
as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "bootstrap: installing needs root; run as root or install sudo" >&2; exit 1
  fi
}

if [ -n "$missing" ]; then
  echo "bootstrap: installing$missing (with $manager)" >&2
  # $missing is split into package names on purpose.
  # shellcheck disable=SC2086
  case "$manager" in
    apt)
      as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
      as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null ;;
    dnf)
      as_root dnf install -y -q $missing >/dev/null ;;
    brew)
      [ "$(id -u)" != 0 ] || { echo "bootstrap: Homebrew refuses to run as root; run this as your user" >&2; exit 1; }
      brew install --quiet $missing >/dev/null ;;
  esac
fi

if [ "$tests" = true ]; then
  # Debian's and Homebrew's Pythons are externally managed (PEP 668): pip installs for the user, or breaks the rule
  # only where the tests run as root in a throwaway container.
  pip_install() {
    python3 -m pip install -q "$@" 2>/dev/null || python3 -m pip install -q --user "$@" 2>/dev/null \
      || python3 -m pip install -q --break-system-packages "$@"
  }
  python3 -c 'import jsonschema' 2>/dev/null || { echo "bootstrap: installing jsonschema" >&2; pip_install jsonschema; }
  command -v pre-commit >/dev/null 2>&1 || python3 -m pre_commit --version >/dev/null 2>&1 \
    || { echo "bootstrap: installing pre-commit" >&2; pip_install pre-commit; }
fi

# Graphviz ABI tests (GraphvizGenerationsTests): a second, modern libgvc beside the system's 2.42, from
# pygraphviz's manylinux wheel (Graphviz 14), unpacked where the tests look for it.
if [ "$tests" = true ] && [ "$(uname -s)" = Linux ] && [ ! -d /tmp/archlint-pygraphviz-2.0.4/pygraphviz.libs ]; then
  echo "bootstrap: fetching pygraphviz 2.0.4's Graphviz" >&2
  python3 -m pip download -q --no-deps --only-binary :all: -d /tmp/archlint-pygraphviz-2.0.4 pygraphviz==2.0.4
  python3 -m zipfile -e /tmp/archlint-pygraphviz-2.0.4/pygraphviz-2.0.4-*.whl /tmp/archlint-pygraphviz-2.0.4
fi
