import Foundation

extension SyncCoercion {
    /// A number (or numeric string) with a fraction as a value of the integer `type`, truncated
    /// toward zero (``SyncImportOptions/truncatesFractionalIntegers``); `nil` when `type` is not
    /// an integer type or the number does not fit.
    static func truncatedInteger(_ json: Any, as type: Any.Type) -> Any? {
        guard let integer = type as? any FixedWidthInteger.Type, let double = JSONScalar(json)?.double, double.isFinite else { return nil }
        return truncated(double, integer)
    }

    private static func truncated<Integer: FixedWidthInteger>(_ value: Double, _: Integer.Type) -> Any? {
        Integer(exactly: value.rounded(.towardZero))
    }

    /// Whether `json` has the JSON type values of `type` are sent as (``SyncImportOptions/strictReferenceTypes``):
    /// a whole number for an integer type, a string for `String` and `UUID`; any scalar otherwise.
    static func hasJSONType(_ json: Any, of type: Any.Type) -> Bool {
        guard let scalar = JSONScalar(json) else { return false }
        switch scalar {
        case .integer: return type is any FixedWidthInteger.Type || !(type == String.self || type == UUID.self)
        case .string: return !(type is any FixedWidthInteger.Type)
        case .double, .bool: return !(type is any FixedWidthInteger.Type || type == String.self || type == UUID.self)
        }
    }
}
