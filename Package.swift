// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ParseWire",
    products: [
        .library(name: "ParseWire", targets: ["ParseWire"]),
        .library(name: "ParseWireConformance", targets: ["ParseWireConformance"]),
        .executable(name: "parse-wire", targets: ["parse-wire"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "ParseWire"),
        .target(name: "ParseWireConformance", dependencies: ["ParseWire"]),
        .executableTarget(name: "parse-wire", dependencies: ["ParseWire", "ParseWireConformance"]),
        .testTarget(name: "ParseWireTests", dependencies: ["ParseWire"]),
        .testTarget(name: "ParseWireConformanceTests", dependencies: ["ParseWireConformance"]),
        // Depends on the executable so that `swift test` builds it; the tests run it as a process.
        .testTarget(name: "ParseWireCLITests", dependencies: ["parse-wire"]),
    ],
    swiftLanguageModes: [.v6]
)
