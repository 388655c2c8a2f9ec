#!/usr/bin/env bash
# Assembles archlint.artifactbundle (SE-0305: a SwiftPM binary target of type executable) from release binaries,
# and zips it for a `.binaryTarget(url:checksum:)`:
#
#   scripts/artifactbundle.sh VERSION OUTPUT-DIR VARIANT=BINARY...
#
# VARIANT is macos (a universal binary: arm64 and x86_64), linux-x86_64 or linux-aarch64. Writes
# OUTPUT-DIR/archlint.artifactbundle and OUTPUT-DIR/archlint.artifactbundle.zip, and prints the zip's checksum
# when `swift package compute-checksum` is there. Written for bash 3.2 and `bash --posix`.
set -euo pipefail

fail() { echo "artifactbundle.sh: $*" >&2; exit 1; }
[ $# -ge 3 ] || fail "usage: scripts/artifactbundle.sh VERSION OUTPUT-DIR VARIANT=BINARY..."
version="$1"
output="$2"
shift 2

bundle="$output/archlint.artifactbundle"
rm -rf "$bundle" "$bundle.zip"
mkdir -p "$bundle"
variants=""
for argument in "$@"; do
  variant="${argument%%=*}"
  binary="${argument#*=}"
  [ "$variant" != "$argument" ] || fail "'$argument' is not VARIANT=BINARY"
  [ -f "$binary" ] || fail "no binary at $binary"
  case "$variant" in
    macos) triples='"arm64-apple-macosx", "x86_64-apple-macosx"' ;;
    linux-x86_64) triples='"x86_64-unknown-linux-gnu"' ;;
    linux-aarch64) triples='"aarch64-unknown-linux-gnu"' ;;
    *) fail "unknown variant '$variant' (macos, linux-x86_64, linux-aarch64)" ;;
  esac
  directory="archlint-$version-$variant"
  mkdir -p "$bundle/$directory/bin"
  cp "$binary" "$bundle/$directory/bin/archlint"
  chmod 0755 "$bundle/$directory/bin/archlint"
  [ -z "$variants" ] || variants="$variants,"
  variants="$variants
        {
          \"path\": \"$directory/bin/archlint\",
          \"supportedTriples\": [$triples]
        }"
done
[ -f "$(dirname "$0")/../LICENSE" ] && cp "$(dirname "$0")/../LICENSE" "$bundle/LICENSE"

cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "archlint": {
      "version": "$version",
      "type": "executable",
      "variants": [$variants
      ]
    }
  }
}
JSON

# The bundle is the zip's only top-level entry, as SwiftPM expects.
(cd "$output" && zip -qry archlint.artifactbundle.zip archlint.artifactbundle)
if command -v swift >/dev/null 2>&1; then
  (cd "$output" && swift package compute-checksum archlint.artifactbundle.zip) || true
fi
