import Foundation

extension ValueCodec {
    /// The codec of an attribute declared `@Attribute(.transformable(by:))`: a value is stored as
    /// the `Data` its transformer's `transformedValue(_:)` returns (``StorageType/data``), and
    /// read back with `reverseTransformedValue(_:)`; `nil` of an optional type is stored as `NULL`.
    static func transformable(_ type: Any.Type, by reference: TransformerReference) -> ValueCodec {
        let transformer = reference.resolver()
        let optional = type as? any OptionalProtocol.Type
        return ValueCodec(
            valueType: type, storageType: .data, isOptional: optional != nil,
            encode: { value in
                guard let inner = flattenedOptional(value) else { return .null }
                guard let data = try transformer().transformedValue(inner) as? Data else {
                    throw SwiftDataError.valueNotEncodable(inner, reason: "\(reference) did not transform it to Data")
                }
                return .data(data)
            },
            decode: { stored in
                if stored.isNull, let optional { return optional.nilValue }
                guard case .data(let data) = stored, let value = try transformer().reverseTransformedValue(data), let typed = cast(value, to: type) else {
                    throw SwiftDataError.valueNotDecodable.with(
                        "stored value \(stored) cannot be read as \(String(reflecting: type)) through \(reference)")
                }
                return typed
            })
    }

    /// `value` as a `T` (wrapped in `Optional` when `T` is one), or `nil` when it is not one.
    private static func cast<T>(_ value: Any, to _: T.Type) -> Any? {
        (value as? T).map { $0 as Any }
    }
}
