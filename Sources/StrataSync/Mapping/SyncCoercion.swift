import Foundation
import StrataCore

/// Turns JSON values into the Swift values of model attributes, and back.
enum SyncCoercion {
    /// What turns a JSON value into a value of `type` (never `Optional`), or `nil` when it cannot.
    ///
    /// Numbers and numeric strings become any integer width (exactly) or floating-point type;
    /// `1`/`0`, `"true"`/`"false"`, `"yes"`/`"no"` become `Bool`; dates come from ISO-8601
    /// (with or without fractional seconds or a zone), `yyyy-MM-dd HH:mm:ss` (UTC), `yyyy-MM-dd`
    /// or a number of seconds, milliseconds or microseconds since 1970 (``UnixTimestamp``);
    /// `UUID`, `URL`, `Decimal` and base64 `Data` from strings; raw-value enums from their raw
    /// value; other `Codable` types from their JSON.
    static func coercer(for type: Any.Type) -> (Any) -> Any? {
        if let primitive = primitiveCoercer(for: type) {
            return { json in JSONScalar(json).flatMap(primitive) }
        }
        if let raw = type as? any RawRepresentable.Type, let coercer = rawCoercer(raw) {
            return { json in JSONScalar(json).flatMap(coercer) }
        }
        return { json in decoded(json, as: type) }
    }

    /// How a scalar becomes a value of `type`, decided once per attribute so an import tests no
    /// types per value; `nil` when `type` is not one of the primitive types.
    private static func primitiveCoercer(for type: Any.Type) -> ((JSONScalar) -> Any?)? {
        switch type {
        case is String.Type: return { $0.text }
        case is Bool.Type: return { $0.bool }
        case is Double.Type: return { $0.double }
        case is Float.Type: return { $0.double.map { Float($0) } }
        case is Date.Type: return { date($0) }
        case is UUID.Type: return { if case .string(let text) = $0 { UUID(uuidString: text) } else { nil } }
        case is URL.Type: return { if case .string(let text) = $0 { URL(string: text) } else { nil } }
        case is Decimal.Type: return { decimal($0) }
        case is Data.Type: return { if case .string(let text) = $0 { Data(base64Encoded: text) } else { nil } }
        default:
            guard let integer = type as? any FixedWidthInteger.Type else { return nil }
            return integerCoercer(integer)
        }
    }

    private static func integerCoercer<Integer: FixedWidthInteger>(_: Integer.Type) -> (JSONScalar) -> Any? {
        { $0.integer(Integer.self) }
    }

    private static func rawCoercer<Raw: RawRepresentable>(_: Raw.Type) -> ((JSONScalar) -> Any?)? {
        guard let raw = primitiveCoercer(for: Raw.RawValue.self) else { return nil }
        return { scalar in (raw(scalar) as? Raw.RawValue).flatMap(Raw.init(rawValue:)) }
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
        switch scalar {
        case .integer(let value): return UnixTimestamp.date(value)
        case .double(let value): return UnixTimestamp.date(value)
        case .bool: return nil
        case .string(let text):
            if let date = InternetDate.date(text) { return date }
            for style in dateStyles {
                if let date = try? style.parse(text) { return date }
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if let integer = Int64(trimmed) { return UnixTimestamp.date(integer) }
            return Double(trimmed).flatMap { UnixTimestamp.date($0) }
        }
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
