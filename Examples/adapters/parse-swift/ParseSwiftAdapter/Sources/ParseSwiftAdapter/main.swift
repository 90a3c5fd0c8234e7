import Foundation
import ParseSwift
import ParseWireConformance

// A ParseWire conformance adapter around Parse-Swift (Vectors/INTERPRETING.md §9): one request
// line in, one answer line out, every value decoded and encoded by the SDK's own coders.

// Swift seeds its hash function per process, so a Set or a Dictionary (ParseOperationAddUnique's
// objects, the keys of a map) is written in another order by every run. For a run that can be
// repeated, the adapter runs itself again with the seed fixed.
if ProcessInfo.processInfo.environment["SWIFT_DETERMINISTIC_HASHING"] == nil,
   let executable = Bundle.main.executablePath {
    setenv("SWIFT_DETERMINISTIC_HASHING", "1", 1)
    let arguments = [executable] + CommandLine.arguments.dropFirst()
    var argv = arguments.map { strdup($0) } + [nil]
    execv(executable, &argv)
    FileHandle.standardError.write(Data("cannot run \(executable) again: errno \(errno)\n".utf8))
    exit(3)
}

/// The protocol's output: the original standard output. Standard output itself is pointed at
/// standard error, so nothing the SDK prints can break the protocol.
let protocolOutput = FileHandle(fileDescriptor: dup(STDOUT_FILENO), closeOnDealloc: true)
dup2(STDERR_FILENO, STDOUT_FILENO)

func send(_ line: String) {
    protocolOutput.write(Data((line + "\n").utf8))
}

// Parse-Swift keeps a cache under the working directory (it makes a folder named `file:` there):
// give it a private one, removed at the end of the session. A session that crashed could not
// remove its own, so the folders of processes no longer running are removed first.
let workPrefix = "parse-swift-adapter-"
let temporary = FileManager.default.temporaryDirectory
for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
where name.hasPrefix(workPrefix) {
    if let pid = pid_t(name.dropFirst(workPrefix.count)), kill(pid, 0) != 0, errno == ESRCH {
        try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
    }
}
let workDirectory = temporary.appendingPathComponent(workPrefix + "\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: workDirectory, withIntermediateDirectories: true)
guard FileManager.default.changeCurrentDirectoryPath(workDirectory.path) else {
    FileHandle.standardError.write(Data("cannot enter \(workDirectory.path)\n".utf8))
    exit(3)
}

// The SDK needs a configuration; no request ever reaches this loopback URL.
try await ParseSwift.initialize(applicationId: "parsewire-conformance",
                                serverURL: URL(string: "http://127.0.0.1:1337/parse")!)

/// The pinned release (Package.swift); Parse-Swift does not expose its version publicly.
let sdkVersion = "6.1.0"

/// The SDK's choice for each implementation-defined flag, as a run with none declared showed it
/// (every case of the flag accepted with an allowed value, or every case rejected). Flags whose
/// cases went both ways, or whose accepted values are none of the allowed ones, stay undeclared.
let choices: KeyValuePairs = [
    "ACLRoleName": "accept", "ACLUnknownPermission": "accept", "Base64NonZeroPadBits": "accept",
    "DateFractionDigits": "accept", "DecimalBeyondDouble": "accept", "IntegerBeyond53Bits": "accept",
    "IntegerBeyond64Bits": "accept", "JoinClassUnanchored": "accept", "NegativeZero": "accept",
    "TypedValueExtraKeys": "accept", "UnknownType": "accept", "FalsyTypeIgnored": "accept",
    "ACLNull": "accept", "NestedObjectInSaveBody": "accept", "OperationExtraKeys": "accept",
    "ServerOwnedKeyIgnored": "accept",
    "DateExtendedYear": "reject", "DateHour24": "reject", "DateOffset": "reject",
    "DateOffsetBasicFormat": "reject", "DateOnly": "reject", "DateWithoutMillis": "reject"
]
let choicesJSON = "{" + choices.map { #""\#($0.key)":"\#($0.value)""# }.joined(separator: ",") + "}"

let hello = #"{"protocol":1,"implementation":{"name":"Parse-Swift","version":""# + sdkVersion
    + #"","language":"swift","homepage":"https://github.com/netreconlab/Parse-Swift"},"profile":"client","#
    + #""ops":{"decode":["value","object","update","message"],"encode":["value","update","query"],"#
    + #""roundtrip":["value","update","query"]},"#
    + #""capabilities":["date","bytes","pointer","relation","geopoint","file","polygon","object","acl","op","typed-record","#
    + #""query","message"],"choices":"# + choicesJSON + "}"

while let line = readLine(strippingNewline: true) {
    let request: AdapterRequestLine
    do {
        request = try AdapterRequestLine.parse(line)
    } catch {
        send(AdapterAnswer.errored(message: "unreadable request: \(error)").line(seq: 0))
        continue
    }
    switch request {
    case .hello: send(hello)
    case .stop:
        try? FileManager.default.removeItem(at: workDirectory)
        exit(0)
    case .check(let check): send(Checks.answer(check).line(seq: check.seq))
    }
}
try? FileManager.default.removeItem(at: workDirectory)
