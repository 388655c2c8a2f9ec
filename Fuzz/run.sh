#!/usr/bin/env bash
# Builds one libFuzzer harness and runs it for SECONDS with the fixtures as its seed corpus.
#
#   Fuzz/run.sh TARGET SECONDS [extra libFuzzer flags...]
#   TARGET: FuzzSwiftScanner | FuzzManifestReader | FuzzConfiguration | FuzzXcodeGen | FuzzStencil
#
# Environment: SANITIZERS (default fuzzer,address), FUZZ_WORK (default a new temp dir: corpus, artifacts, log),
# FUZZ_NO_BUILD=1 to reuse the last release build, FUZZ_QUICK=1 for the quick build (see below). Findings
# (crash-*, oom-*, timeout-*) land in $FUZZ_WORK/artifacts.
set -euo pipefail

target="${1:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags]}"
seconds="${2:?usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags]}"
shift 2

fuzz_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$fuzz_dir")"
sanitizers="${SANITIZERS:-fuzzer,address}"

case "$target" in
    FuzzSwiftScanner) seeds=(-name '*.swift' ! -name Package.swift) ;;
    FuzzManifestReader) seeds=(-name Package.swift) ;;
    FuzzConfiguration) seeds=(\( -name '.archlint.yml' -o -name '.archlint.yaml' -o -path '*/Rules/*.yml' \)) ;;
    FuzzXcodeGen) seeds=(-name 'project.yml') ;;
    FuzzStencil) seeds=(\( -name '*.stencil' -o -path '*/.archlint/templates/*' \)) ;;
    *) echo "unknown target '$target'; use FuzzSwiftScanner, FuzzManifestReader, FuzzConfiguration, FuzzXcodeGen or FuzzStencil" >&2
       exit 2 ;;
esac

# The module under test, and the modules whose objects the quick build links as they are.
case "$target" in
    FuzzSwiftScanner) module=SwiftFacts; linked=(ArchlintModel SyntaxSupport SwiftSyntax SwiftParser SwiftParserDiagnostics
        SwiftDiagnostics SwiftBasicFormat SwiftSyntax509 SwiftSyntax510 SwiftSyntax600 SwiftSyntax601 SwiftSyntax602
        SwiftSyntax603 _SwiftSyntaxCShims) ;;
    FuzzManifestReader) module=Manifests; linked=(ArchlintModel SyntaxSupport SwiftSyntax SwiftParser SwiftDiagnostics
        SwiftBasicFormat SwiftSyntax509 SwiftSyntax510 SwiftSyntax600 SwiftSyntax601 SwiftSyntax602 SwiftSyntax603
        _SwiftSyntaxCShims) ;;
    FuzzConfiguration) module=Configuration; linked=(ArchlintModel Yams) ;;
    FuzzXcodeGen) module=XcodeProjects; linked=(ArchlintModel Yams) ;;
    FuzzStencil) module=Scaffolding; linked=(ArchlintModel Graphs SwiftSyntax SwiftParser SwiftParserDiagnostics
        SwiftDiagnostics SwiftBasicFormat SwiftSyntax509 SwiftSyntax510 SwiftSyntax600 SwiftSyntax601 SwiftSyntax602
        SwiftSyntax603 _SwiftSyntaxCShims) ;;
esac

if [[ "${FUZZ_QUICK:-}" == 1 ]]; then
    # Quick build: instrument only the archlint module under test (and libyaml's C, which parses the YAML), and
    # link swift-syntax/Yams as the root package's debug build compiled them (run `swift build` first). Minutes
    # instead of a full instrumented release build of swift-syntax, at the price of -Onone speed and no coverage
    # feedback from inside swift-syntax.
    debug="$root/.build/debug"
    out="$fuzz_dir/.build/quick/$target"
    mkdir -p "$out"
    flags=(-parse-as-library -sanitize=fuzzer -Onone -I "$out" -I "$debug/Modules"
        -Xcc "-fmodule-map-file=$root/.build/checkouts/swift-syntax/Sources/_SwiftSyntaxCShims/include/module.modulemap"
        -Xcc "-fmodule-map-file=$root/.build/checkouts/Yams/Sources/CYaml/include/module.modulemap")
    instrumented=()
    if [[ "$target" == FuzzStencil ]]; then
        # Stencil is what the harness exercises: instrumented too (with PathKit, which it imports), so its lexer,
        # parser and nodes give coverage feedback.
        for dependency in PathKit Stencil; do
            sources=()
            while IFS= read -r -d '' file; do sources+=("$file"); done \
                < <(find "$root/.build/checkouts/$dependency/Sources" -name '*.swift' -print0)
            swiftc -c -wmo "${flags[@]}" -module-name "$dependency" -emit-module \
                -emit-module-path "$out/$dependency.swiftmodule" "${sources[@]}" -o "$out/$dependency.o"
            instrumented+=("$out/$dependency.o")
        done
    fi
    swiftc -c -wmo "${flags[@]}" -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        "$root/Sources/$module"/*.swift -o "$out/$module.o"
    swiftc -c "${flags[@]}" -module-name "$target" "$fuzz_dir/Sources/$target/Harness.swift" -o "$out/harness.o"
    objects=("${instrumented[@]}")
    for name in "${linked[@]}"; do
        while IFS= read -r -d '' object; do objects+=("$object"); done < <(find "$debug/$name.build" -name '*.o' -print0)
    done
    if [[ "$target" == FuzzConfiguration || "$target" == FuzzXcodeGen ]]; then
        cyaml="$root/.build/checkouts/Yams/Sources/CYaml"
        for c in "$cyaml"/src/*.c; do
            clang -c -O1 -fsanitize=fuzzer-no-link -I "$cyaml/include" -I "$cyaml/src" "$c" -o "$out/$(basename "$c" .c).cyaml.o"
            objects+=("$out/$(basename "$c" .c).cyaml.o")
        done
    fi
    swiftc -sanitize=fuzzer "$out/harness.o" "$out/$module.o" "${objects[@]}" -o "$out/$target"
    binary="$out/$target"
else
    if [[ "${FUZZ_NO_BUILD:-}" != 1 ]]; then
        # -parse-as-library: the harness has no main; libFuzzer's main calls LLVMFuzzerTestOneInput.
        swift build -c release --package-path "$fuzz_dir" --product "$target" \
            -Xswiftc -sanitize="$sanitizers" -Xswiftc -parse-as-library
    fi
    binary="$(swift build -c release --package-path "$fuzz_dir" --show-bin-path)/$target"
fi

work="${FUZZ_WORK:-$(mktemp -d "${TMPDIR:-/tmp}/archlint-fuzz-$target-XXXXXX")}"
mkdir -p "$work/corpus" "$work/artifacts"
# The committed seeds plus every matching fixture and preset file; copies, so the checkout is never written.
cp "$fuzz_dir/Seeds/$target"/* "$work/corpus/" 2>/dev/null || true
seed_dirs=("$root/Fixtures" "$root/Rules")
[[ "$target" == FuzzStencil ]] && seed_dirs+=("$root/Sources/Scaffolding")
find "${seed_dirs[@]}" -type f "${seeds[@]}" -size -256k -print0 |
    while IFS= read -r -d '' file; do
        cp "$file" "$work/corpus/$(printf '%s' "$file" | cksum | cut -d' ' -f1)-$(basename "$file")"
    done
echo "corpus: $(ls "$work/corpus" | wc -l) seeds in $work/corpus; findings go to $work/artifacts" >&2

# A dictionary of the input's syntax, when the harness has one.
dictionary=()
[[ -f "$fuzz_dir/Dictionaries/$target.dict" ]] && dictionary=(-dict="$fuzz_dir/Dictionaries/$target.dict")

# -fork=1: one worker process at a time (one core), restarted after a crash, OOM or timeout so the campaign
# goes on and collects every finding; the parent merges new coverage into the corpus.
"$binary" "$work/corpus" -fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
    -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 -max_len=65536 \
    -artifact_prefix="$work/artifacts/" ${dictionary[@]+"${dictionary[@]}"} "$@" 2>&1 | tee "$work/fuzz.log"
