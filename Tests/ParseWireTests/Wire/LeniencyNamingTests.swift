import Foundation
import Testing
@testable import ParseWire

/// Each leniency has one name, the corpus flag's, in the API, the docs and the errors; an unknown
/// name is an error, not a `false` to overlook.
@Suite("Leniencies by name")
struct LeniencyNamingTests {
    @Test("every leniency is named by its corpus flag and turns on exactly itself")
    func eachLeniencyAlone() throws {
        #expect(WireLeniency.allCases.count == 10)
        for leniency in WireLeniency.allCases {
            var options = ParseValueDecodingOptions.strict
            #expect(!options.isEnabled(leniency))
            options.enable(leniency)
            #expect(options.isEnabled(leniency))
            #expect(WireLeniency.allCases.filter { options.isEnabled($0) } == [leniency])
            var byFlag = ParseValueDecodingOptions.strict
            try byFlag.enable(flag: leniency.flag)
            #expect(byFlag == options, "\(leniency.flag)")
        }
    }

    @Test("an unknown flag is an error that names the known ones")
    func unknownFlag() {
        var options = ParseValueDecodingOptions.strict
        let error = #expect(throws: WireLeniency.UnknownFlagError.self) { try options.enable(flag: "DateWithoutMilis") }
        #expect(error?.description.contains("'DateWithoutMilis'") == true)
        #expect(error?.description.contains("DateWithoutMillis, DateFractionDigits") == true)
        #expect(options == .strict)
    }

    @Test("ParseWireDecoder reaches a leniency through options.wire, by its typed name")
    func throughTheCodableDecoder() throws {
        struct Event: Decodable { let at: Date }
        let text = #"{"at":{"__type":"Date","iso":"2020-01-02T03:04:05Z"}}"#
        #expect(throws: DecodingError.self) { try ParseWireDecoder().decode(Event.self, from: text) }
        var decoder = ParseWireDecoder()
        decoder.options.wire.enable(.dateWithoutMillis)
        #expect(try decoder.decode(Event.self, from: text).at == Date(timeIntervalSince1970: 1_577_934_245))
    }

    @Test("a date error names the leniency that would accept it as the API and the docs name it", arguments: [
        ("2020-01-02T03:04:05Z", "DateWithoutMillis", ".dateWithoutMillis"),
        ("2020-01-02T03:04:05.1234Z", "DateFractionDigits", ".dateFractionDigits"),
        ("2020-01-02T03:04:05.123+01:00", "DateOffset", ".dateOffset"),
    ])
    func dateErrorsNameTheFlag(text: String, flag: String, member: String) {
        let error = #expect(throws: ParseWireError.self) { try ParseDate(isoString: text) }
        let message = error?.message ?? ""
        #expect(message.contains(flag) && message.contains(member), "\(message)")
        #expect(!message.contains("DateLeniency."), "\(message)")
    }

    @Test("the snippet of the Leniencies article compiles and does what it says")
    func articleSnippet() throws {
        let text = #"{"__type":"Date","iso":"2020-01-02T03:04:05Z"}"#
        // The untyped decoder holds the options itself.
        var options = ParseValueDecodingOptions.strict
        options.enable(.dateWithoutMillis)
        let value = try ParseValueDecoder(options: options).decode(text, context: .value)

        // The Codable decoder holds them as `options.wire`, beside its own options.
        var decoder = ParseWireDecoder()
        decoder.options.wire.enable(.dateWithoutMillis)
        decoder.options.wire.enable(.base64Unpadded)

        // A name read at run time (a setting, a flag of your own tool) throws when no leniency has it.
        try decoder.options.wire.enable(flag: "DateOffset")
        // What it does:
        #expect(value == .date(try ParseDate(epochMilliseconds: 1_577_934_245_000)))
        #expect([WireLeniency.dateWithoutMillis, .base64Unpadded, .dateOffset].allSatisfy { decoder.options.wire.isEnabled($0) })
    }
}
