import Foundation
import StrataCore

/// Turns JSON values into the Swift values of model attributes, and back.
enum SyncCoercion {
    /// `json` as a value of `type` (never `Optional`), or `nil` when it cannot be one.
    ///
    /// Numbers and numeric strings become any integer width (exactly) or floating-point type;
    /// `1`/`0`, `"true"`/`"false"`, `"yes"`/`"no"` become `Bool`; dates come from ISO-8601
    /// (with or without fractional seconds or a zone), `yyyy-MM-dd HH:mm:ss` (UTC), `yyyy-MM-dd`
    /// or a number of seconds since 1970; `UUID`, `URL`, `Decimal` and base64 `Data` from strings;
    /// raw-value enums from their raw value; other `Codable` types from their JSON.
    static func value(_ json: Any, as type: Any.Type) -> Any? {
        if let nested = json as? [String: Any] { return decoded(nested, as: type) }
        if let array = json as? [Any] { return decoded(array, as: type) }
        guard let scalar = JSONScalar(json) else { return nil }
        if let primitive = primitive(scalar, as: type) { return primitive }
        if let raw = type as? any RawRepresentable.Type { return rawRepresentable(scalar, as: raw) }
        return decoded(json, as: type)
    }

    private static func primitive(_ scalar: JSONScalar, as type: Any.Type) -> Any? {
        switch type {
        case is String.Type: return scalar.text
        case is Bool.Type: return scalar.bool
        case is Double.Type: return scalar.double
        case is Float.Type: return scalar.double.map { Float($0) }
        case is Date.Type: return date(scalar)
        case is UUID.Type: if case .string(let text) = scalar { return UUID(uuidString: text) } else { return nil }
        case is URL.Type: if case .string(let text) = scalar { return URL(string: text) } else { return nil }
        case is Decimal.Type: return decimal(scalar)
        case is Data.Type: if case .string(let text) = scalar { return Data(base64Encoded: text) } else { return nil }
        default:
            guard let integer = type as? any FixedWidthInteger.Type else { return nil }
            return scalar.integer(integer)
        }
    }

    private static func rawRepresentable<Raw: RawRepresentable>(_ scalar: JSONScalar, as _: Raw.Type) -> Any? {
        guard let raw = primitive(scalar, as: Raw.RawValue.self) as? Raw.RawValue else { return nil }
        return Raw(rawValue: raw)
    }

    private static func decimal(_ scalar: JSONScalar) -> Decimal? {
        switch scalar {
        case .integer(let value): return Decimal(value)
        case .double(let value): return Decimal(string: String(value))
        case .string(let text): return Decimal(string: text)
        case .bool: return nil
        }
    }

    /// A `Codable` value of `type` decoded from `json`.
    private static func decoded(_ json: Any, as type: Any.Type) -> Any? {
        guard let decodable = type as? any Decodable.Type,
            let data = try? JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
        else { return nil }
        return try? JSONDecoder().decode(decodable, from: data)
    }

    private static func date(_ scalar: JSONScalar) -> Date? {
        guard case .string(let text) = scalar else { return scalar.double.map(Date.init(timeIntervalSince1970:)) }
        for style in dateStyles {
            if let date = try? style.parse(text) { return date }
        }
        return Double(text).map(Date.init(timeIntervalSince1970:))
    }

    /// The date forms import accepts, most common first.
    private static let dateStyles: [Date.ISO8601FormatStyle] = [
        Date.ISO8601FormatStyle(),
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon),
        Date.ISO8601FormatStyle(timeZoneSeparator: .colon, includingFractionalSeconds: true),
        Date.ISO8601FormatStyle(dateTimeSeparator: .space),
        Date.ISO8601FormatStyle(dateTimeSeparator: .space, includingFractionalSeconds: true),
        Date.ISO8601FormatStyle().year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false).timeSeparator(.colon),
        Date.ISO8601FormatStyle(dateTimeSeparator: .space).year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
            .timeSeparator(.colon),
        Date.ISO8601FormatStyle().year().month().day().dateSeparator(.dash),
    ]
}
