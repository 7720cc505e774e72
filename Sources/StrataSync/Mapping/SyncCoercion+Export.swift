import Foundation

extension SyncCoercion {
    /// `value` as a JSON value `JSONSerialization` writes: numbers, strings and booleans as they
    /// are, `nil` as `NSNull`, dates as ISO-8601 with milliseconds, `UUID`s and `URL`s as strings,
    /// `Decimal`s as strings (no precision lost), `Data` as base64, raw-value enums as their raw
    /// value, other `Codable` values as their JSON.
    /// - Throws: `EncodingError` when a `Codable` value cannot be encoded.
    static func json(_ value: Any) throws -> Any {
        guard let value = unwrappedValue(value) else { return NSNull() }
        switch value {
        case is String, is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64,
            is Double:
            return value
        case let float as Float: return Double(float)
        case let date as Date: return exportedDate(date)
        case let uuid as UUID: return uuid.uuidString
        case let url as URL: return url.absoluteString
        case let decimal as Decimal: return decimal.description
        case let data as Data: return data.base64EncodedString()
        case let raw as any RawRepresentable: return try json(raw.rawValue)
        case let encodable as any Encodable:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return try JSONSerialization.jsonObject(with: encoder.encode(encodable), options: [.fragmentsAllowed])
        default: return String(describing: value)
        }
    }

    /// How export reads dates back: ISO-8601 in UTC with milliseconds.
    static let exportDateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// `date` as export writes it: ISO-8601 in UTC, rounded to the nearest millisecond. The
    /// formatter truncates, and a whole millisecond is often stored a hair below itself
    /// (`.123` as `.12299…`), so formatting the date as it is would write it 1 ms early.
    static func exportedDate(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let seconds = (milliseconds / 1000).rounded(.down)
        let fraction = String(1000 + Int(milliseconds - seconds * 1000)).dropFirst()   // "007" for 7
        return "\(Date(timeIntervalSince1970: seconds).formatted(wholeSecondStyle).dropLast()).\(fraction)Z"
    }

    /// ISO-8601 in UTC to the second (`2026-11-28T19:00:00Z`).
    private static let wholeSecondStyle = Date.ISO8601FormatStyle()
}
