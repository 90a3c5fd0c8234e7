// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ParseWire",
    products: [
        .library(name: "ParseWire", targets: ["ParseWire"]),
        .library(name: "ParseWireConformance", targets: ["ParseWireConformance"]),
        .executable(name: "parse-wire", targets: ["parse-wire"]),
        .executable(name: "parse-wire-bench", targets: ["parse-wire-bench"]),
        // Models from `*.schema.json` files at build time: `plugins: [.plugin(name: "ParseWireModels", package: "ParseWire")]`.
        .plugin(name: "ParseWireModels", targets: ["ParseWireModels"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "ParseWire"),
        .target(name: "ParseWireConformance", dependencies: ["ParseWire", "PropertyTesting"]),
        // The property-based testing engine and the generators of wire values; the CLI uses the
        // generators to write reproducible vector families.
        .target(name: "PropertyTesting", dependencies: ["ParseWire"]),
        // Runs properties under Swift Testing; for test targets only.
        .target(name: "PropertyTestingSupport", dependencies: ["PropertyTesting"]),
        // The seed models (Recipe, Book, Author, Item, Category…) as an app declares them: one home
        // for the tests, the benchmark and the guide; not a product.
        .target(name: "SeedModels", dependencies: ["ParseWire"]),
        // The seed models generated from their schemas (`schema/`) by `parse-wire generate swift`; a
        // test fails when the committed files differ from what the generator writes now.
        .target(name: "GeneratedSeedModels", dependencies: ["ParseWire"], exclude: ["schema"]),
        // The model generator behind `parse-wire generate swift`: Swift types with direct wire coding
        // from parse-server's class schemas.
        .target(name: "ParseWireGenerator", dependencies: ["ParseWire"]),
        .executableTarget(name: "parse-wire", dependencies: ["ParseWire", "ParseWireConformance", "ParseWireGenerator"]),
        // The build-tool plugin and the lean generator it runs (`GeneratedModels.md`); the test target
        // uses the plugin on its own schema files, and runs the tool the plugin's build made (a
        // dependency on the executable too would link it into the test bundle twice).
        .plugin(name: "ParseWireModels", capability: .buildTool(), dependencies: ["parse-wire-generate"]),
        .executableTarget(name: "parse-wire-generate", dependencies: ["ParseWireGenerator"]),
        .testTarget(name: "ParseWirePluginTests", dependencies: ["ParseWire", "GeneratedSeedModels", "TestSupport"],
                    plugins: ["ParseWireModels"]),
        // The benchmark against Foundation: `swift run -c release parse-wire-bench`.
        .executableTarget(name: "parse-wire-bench", dependencies: ["ParseWire", "PropertyTesting", "SeedModels", "GeneratedSeedModels"]),
        // The helpers every test target shares (the repository's paths, wire checks, threads with a
        // small stack); for test targets only.
        .target(name: "TestSupport", dependencies: ["ParseWire"], path: "Tests/TestSupport"),
        .testTarget(name: "ParseWireTests", dependencies: ["ParseWire", "PropertyTestingSupport", "SeedModels", "TestSupport"]),
        .testTarget(name: "ParseWireGeneratorTests",
                    dependencies: ["ParseWire", "ParseWireGenerator", "GeneratedSeedModels", "PropertyTesting", "PropertyTestingSupport"]),
        .testTarget(name: "ParseWireConformanceTests", dependencies: ["ParseWireConformance", "TestSupport"]),
        .testTarget(name: "PropertyTests", dependencies: ["ParseWire", "ParseWireConformance", "PropertyTestingSupport", "TestSupport"]),
        // Depends on the executable so that `swift test` builds it; the tests run it as a process.
        .testTarget(name: "ParseWireCLITests", dependencies: ["parse-wire", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
