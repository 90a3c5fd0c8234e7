#!/bin/sh
# Builds the libFuzzer targets: ParseWire as a module instrumented for libFuzzer and
# AddressSanitizer, then one executable per file in Targets/ (FuzzSupport.swift is shared).
# Usage: Fuzz/build.sh [debug]    Output: .build-fuzz/<Target> at the repository root.
set -eu
cd "$(dirname "$0")/.."
out=${FUZZ_OUT:-.build-fuzz}
mkdir -p "$out"
optimise=-O
[ "${1:-}" = debug ] && optimise=-Onone
flags="$optimise -g -sanitize=fuzzer,address -parse-as-library -swift-version 6"
# shellcheck disable=SC2046
swiftc $flags -module-name ParseWire -package-name parsewire -enable-testing \
    -emit-module -emit-module-path "$out/ParseWire.swiftmodule" \
    -emit-library -static -o "$out/libParseWire.a" $(find Sources/ParseWire -name '*.swift' | sort)
for target in Fuzz/Targets/*.swift; do
    name=$(basename "$target" .swift)
    [ "$name" = FuzzSupport ] && continue
    swiftc $flags -I "$out" -L "$out" -lParseWire -module-name "Fuzz$name" \
        Fuzz/Targets/FuzzSupport.swift "$target" -o "$out/Fuzz$name"
    echo "built $out/Fuzz$name"
done
