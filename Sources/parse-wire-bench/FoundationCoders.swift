import Foundation
import ParseWire

/// Foundation's JSONEncoder and JSONDecoder configured for Parse dates, the way an app would:
/// with a fast date hook (our own ISO 8601 text, no formatter), and as typically configured (an
/// `ISO8601DateFormatter`). Either way a `Date` becomes `{"__type":"Date","iso":…}` and decoding
/// accepts that or a plain ISO string (a fetched object's `createdAt`).
enum FoundationCoders {
    private enum DateKeys: String, CodingKey {
        case type = "__type", iso
    }

    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }()

    static func encoder(typical: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.container(keyedBy: DateKeys.self)
            try container.encode("Date", forKey: .type)
            try container.encode(typical ? formatter.string(from: date) : ParseDate(date).isoString, forKey: .iso)
        }
        return encoder
    }

    static func decoder(typical: Bool) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text: String
            if let plain = try? decoder.singleValueContainer().decode(String.self) {
                text = plain
            } else {
                text = try decoder.container(keyedBy: DateKeys.self).decode(String.self, forKey: .iso)
            }
            if typical {
                guard let date = formatter.date(from: text) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
                }
                return date
            }
            return try ParseDate(isoString: text).date
        }
        return decoder
    }
}
