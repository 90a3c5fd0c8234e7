// swift-tools-version:6.0

import Foundation
import PackageDescription

// A path dependency is known by the name of its folder, which is whatever the clone of this
// repository is called; read it from this file's location (four levels up).
let repositoryFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The Parse-Swift SDK under test, pinned to one release; the conformance protocol's request and
// answer types, and TVN, come from this repository's ParseWireConformance library.
let package = Package(
    name: "ParseSwiftAdapter",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/netreconlab/Parse-Swift", exact: "6.1.0"),
        .package(path: "../../../..")
    ],
    targets: [
        .executableTarget(
            name: "parse-swift-adapter",
            dependencies: [
                .product(name: "ParseSwift", package: "Parse-Swift"),
                .product(name: "ParseWireConformance", package: repositoryFolder)
            ],
            path: "Sources/ParseSwiftAdapter"
        )
    ]
)
