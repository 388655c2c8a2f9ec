#!/usr/bin/env bash
# Fetches the real Mermaid parser for the tests that check archlint's Mermaid output
# (DiffMermaidTests): mermaid.min.js 11.16.0 as vendored by the PyPI package artoo-mermaid, unpacked into
# .build/mermaid/. The tests also need a headless Chromium (`apt-get install -y chromium`); without either they
# are skipped and say why. Set ARCHLINT_MERMAID_JS to use another copy of mermaid.min.js.
set -euo pipefail
cd "$(dirname "$0")/.."
destination=.build/mermaid
mkdir -p "$destination"
python3 -m pip download --quiet --no-deps --python-version 3.12 --only-binary=:all: \
    artoo-mermaid==11.16.0 -d "$destination"
python3 -m zipfile -e "$destination"/artoo_mermaid-11.16.0-py3-none-any.whl "$destination"
test -s "$destination/artoo_mermaid/assets/mermaid.min.js"
echo "$destination/artoo_mermaid/assets/mermaid.min.js"
