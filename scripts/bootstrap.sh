#!/usr/bin/env bash
# Installs what archlint's build and test suite need on a fresh Debian machine (run as root).
# Idempotent and quiet when everything is already there.
set -euo pipefail

need_apt=()
pkg-config --exists libgvc 2>/dev/null || need_apt+=(libgraphviz-dev)
if [ "${1:-}" = "--tests" ]; then
  command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
  command -v git >/dev/null 2>&1 || need_apt+=(git)
fi
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "bootstrap: installing ${need_apt[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi

if [ "${1:-}" = "--tests" ]; then
  python3 -c 'import jsonschema' 2>/dev/null || { echo "bootstrap: installing jsonschema" >&2; python3 -m pip install -q jsonschema; }
  command -v pre-commit >/dev/null 2>&1 || python3 -m pre_commit --version >/dev/null 2>&1 \
    || { echo "bootstrap: installing pre-commit" >&2; python3 -m pip install -q pre-commit; }
fi

# Graphviz ABI tests (GraphvizGenerationsTests): a second, modern libgvc beside the system's 2.42, from
# pygraphviz's manylinux wheel (Graphviz 14), unpacked where the tests look for it.
if [ "${1:-}" = "--tests" ] && [ "$(uname -s)" = Linux ] && [ ! -d /tmp/archlint-pygraphviz-2.0.4/pygraphviz.libs ]; then
  echo "bootstrap: fetching pygraphviz 2.0.4's Graphviz" >&2
  python3 -m pip download -q --no-deps --only-binary :all: -d /tmp/archlint-pygraphviz-2.0.4 pygraphviz==2.0.4
  python3 -m zipfile -e /tmp/archlint-pygraphviz-2.0.4/pygraphviz-2.0.4-*.whl /tmp/archlint-pygraphviz-2.0.4
fi
