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
        case let date as Date: return date.formatted(exportDateStyle)
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

    /// How export writes dates: ISO-8601 in UTC with milliseconds.
    static let exportDateStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}
