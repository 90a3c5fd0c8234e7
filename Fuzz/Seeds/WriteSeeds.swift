import Foundation

// Writes libFuzzer seed corpora from the vector corpus: every case's wire input, by context.
// Usage: write-seeds <Vectors/cases> <output folder>
// Output: value/, object/, update/ (the documents as they are), roundtrip/ and codable/ (the
// documents behind the selector byte those targets read first).

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: write-seeds <Vectors/cases> <output folder>\n".utf8))
    exit(2)
}
let casesFolder = URL(fileURLWithPath: arguments[1])
let outputFolder = URL(fileURLWithPath: arguments[2])
let manager = FileManager.default
for folder in ["value", "object", "update", "roundtrip", "codable"] {
    try manager.createDirectory(at: outputFolder.appendingPathComponent(folder), withIntermediateDirectories: true)
}

/// The exact input bytes of a case, from whichever of `wire`, `wireText`, `wireBase64` it has.
func wireBytes(of testCase: [String: Any]) throws -> Data? {
    if let text = testCase["wireText"] as? String { return Data(text.utf8) }
    if let base64 = testCase["wireBase64"] as? String { return Data(base64Encoded: base64) }
    guard let wire = testCase["wire"] else { return nil }
    return try JSONSerialization.data(withJSONObject: wire, options: [.fragmentsAllowed, .withoutEscapingSlashes])
}

func write(_ bytes: Data, to folder: String, name: String) throws {
    try bytes.write(to: outputFolder.appendingPathComponent(folder).appendingPathComponent(name))
}

var written = 0
let files = manager.enumerator(at: casesFolder, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" } ?? []
for file in files.sorted(by: { $0.path < $1.path }) {
    guard let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
          let cases = document["cases"] as? [[String: Any]] else { continue }
    for testCase in cases {
        guard let id = testCase["id"] as? String, let bytes = try wireBytes(of: testCase) else { continue }
        let context = testCase["context"] as? String ?? "value"
        let (selector, folder): (UInt8, String) = switch context {
        case "object": (1, "object")
        case "update": (2, "update")
        default: (0, "value")
        }
        try write(bytes, to: folder, name: id)
        try write(Data([selector]) + bytes, to: "roundtrip", name: id)
        try write(Data([selector | 0x80]) + bytes, to: "roundtrip", name: id + "-lenient")
        // The Codable target reads selector 0 as a fetched object, 1 as a value, 2 as a save body.
        let codableSelector: UInt8 = switch context {
        case "object": 0
        case "update": 2
        default: 1
        }
        try write(Data([codableSelector]) + bytes, to: "codable", name: id)
        written += 1
    }
}
print("wrote seeds for \(written) cases to \(outputFolder.path)")
