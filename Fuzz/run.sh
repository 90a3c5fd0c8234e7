#!/bin/sh
# Runs one fuzz target of the Fuzz package (built first if needed), seeded from the vector corpus.
# Usage: Fuzz/run.sh <WireValue|WireObject|WireUpdate|RoundTrip|CodableRecipe|GeneratedDirect> [libFuzzer options…]
# e.g.   Fuzz/run.sh RoundTrip -runs=10000000
# New inputs go to .build-fuzz/corpus/<target>, crashes to .build-fuzz/artifacts/.
set -eu
cd "$(dirname "$0")/.."
target=$1
shift
out=.build-fuzz
mkdir -p "$out"
[ -x "$out/write-seeds" ] || swiftc -O Fuzz/Seeds/WriteSeeds.swift -o "$out/write-seeds"
[ -d "$out/seeds" ] || "$out/write-seeds" Vectors/cases "$out/seeds"
case $target in
    WireValue) seeds=value ;;
    WireObject) seeds=object ;;
    WireUpdate) seeds=update ;;
    RoundTrip) seeds=roundtrip ;;
    CodableRecipe|GeneratedDirect) seeds=codable ;;
    *) echo "unknown target $target" >&2; exit 2 ;;
esac
build="swift build --package-path Fuzz --scratch-path $out -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address"
$build --product "Fuzz$target" >&2
bin=$($build --show-bin-path)
mkdir -p "$out/corpus/$target" "$out/artifacts"
# Inputs up to 4 KB: the corpus has longer seeds, but nearly every path is reached by short
# documents, and long ones cut the executions per second several times over.
exec "$bin/Fuzz$target" "$out/corpus/$target" "$out/seeds/$seeds" -dict=Fuzz/wire.dict \
    -artifact_prefix="$out/artifacts/$target-" -print_final_stats=1 -max_len=4096 "$@"
