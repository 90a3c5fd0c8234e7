// swift-tools-version: 6.0
import PackageDescription

// The libFuzzer targets of the codec, a package of their own so that the main package's `swift build`
// and `swift test` never see them. Build them instrumented for libFuzzer and AddressSanitizer:
//
//     swift build --package-path Fuzz -c release --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address
//
// (both flags: README.md says why). Each target is an executable whose entry point is libFuzzer's
// `main`; the target's file only defines `LLVMFuzzerTestOneInput`.
let targets = ["WireValue", "WireObject", "WireUpdate", "RoundTrip", "CodableRecipe", "GeneratedDirect"]
// Targets that read the generated models of the corpus's classes (the module `CorpusModels`, built
// for the `ParseWireConformance` product). Models from the `ParseWireModels` plugin are not an option
// here: the plugin's tool would be built with the fuzzing flags, under which its top-level
// `main.swift` does not compile.
let readingCorpusModels: Set<String> = ["GeneratedDirect"]

let package = Package(
    name: "ParseWireFuzz",
    dependencies: [.package(name: "ParseWire", path: "..")],
    targets: [
        // The invariants every target checks (errors placed inside the input, round trips).
        .target(name: "FuzzSupport", dependencies: [.product(name: "ParseWire", package: "ParseWire")]),
    ] + targets.map { name in
        .executableTarget(name: "Fuzz\(name)", dependencies: ["FuzzSupport", .product(name: "ParseWire", package: "ParseWire")]
                          + (readingCorpusModels.contains(name) ? [.product(name: "ParseWireConformance", package: "ParseWire")] : []))
    },
    swiftLanguageModes: [.v6]
)
