import Foundation
import Synchronization

/// Converts values of one Swift attribute type to and from ``PersistentValue``.
///
/// Stores and SQL translators use it to turn a predicate's captured constant into the same
/// persisted form a model's property is written as:
/// ```swift
/// let codec = try ValueCodec.forType(Status.self)   // a String-backed enum
/// let bound = try codec.encode(Status.active)        // .string("active")
/// ```
public struct ValueCodec: @unchecked Sendable {
    /// The Swift type this codec handles.
    public let valueType: Any.Type
    /// The column kind a backend should use.
    public let storageType: StorageType
    /// Whether the Swift type is `Optional`, so `nil` is a legal value.
    public let isOptional: Bool
    private let encoder: (Any) throws -> PersistentValue
    private let decoder: (PersistentValue) throws -> Any

    init(
        valueType: Any.Type, storageType: StorageType, isOptional: Bool = false,
        encode: @escaping (Any) throws -> PersistentValue,
        decode: @escaping (PersistentValue) throws -> Any
    ) {
        self.valueType = valueType
        self.storageType = storageType
        self.isOptional = isOptional
        self.encoder = encode
        self.decoder = decode
    }

    /// The persisted form of `value`, which must be of ``valueType`` or, for an optional type,
    /// of the type it wraps.
    /// - Throws: ``SwiftDataError/valueNotEncodable`` when the value has no persisted form
    ///   (an unsigned integer above `Int64.max`, a `Codable` value that fails to encode).
    public func encode(_ value: Any) throws -> PersistentValue {
        try encoder(value)
    }

    /// The Swift value of ``valueType`` that `value` stands for.
    /// - Throws: ``SwiftDataError/valueNotDecodable`` when `value` is not a form this type writes.
    public func decode(_ value: PersistentValue) throws -> Any {
        try decoder(value)
    }

    /// The codec for `type`, or `nil` when Strata cannot persist that type.
    ///
    /// Supported: `Bool`, every integer width, `Double`, `Float`, `String`, `Data`, `Date`,
    /// `UUID`, `URL`, `Decimal`, `RawRepresentable` types whose raw value is one of those,
    /// any other `Codable` type (stored as JSON), and `Optional` of each.
    public static func forType(_ type: Any.Type) -> ValueCodec? {
        let key = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let codec = makeCodec(for: type) else { return nil }
        cache.withLock { $0[key] = codec }
        return codec
    }

    private static let cache = Mutex<[ObjectIdentifier: ValueCodec]>([:])

    private static func makeCodec(for type: Any.Type) -> ValueCodec? {
        if let optional = type as? any OptionalProtocol.Type {
            return forType(optional.wrappedType).map { optionalCodec(type, wrapped: $0, optional: optional) }
        }
        if let primitive = primitiveCodec(for: type) { return primitive }
        if let raw = type as? any RawRepresentable.Type, let codec = rawRepresentableCodec(raw) { return codec }
        if let codable = type as? any Codable.Type { return jsonCodec(codable) }
        return nil
    }

    private static func optionalCodec(_ type: Any.Type, wrapped: ValueCodec, optional: any OptionalProtocol.Type) -> ValueCodec {
        ValueCodec(
            valueType: type, storageType: wrapped.storageType, isOptional: true,
            encode: { value in
                // A value of the wrapped type stands for itself: a declared default reaches the
                // schema as `Any?`, which drops its `Optional` (`false` for `var flag: Bool? = false`).
                guard let optional = value as? any OptionalProtocol else { return try wrapped.encode(value) }
                guard let inner = optional.wrappedValue else { return .null }
                return try wrapped.encode(inner)
            },
            decode: { stored in
                if stored.isNull { return optional.nilValue }
                return optional.wrapping(try wrapped.decode(stored))
            })
    }

    private static func rawRepresentableCodec<Raw: RawRepresentable>(_ type: Raw.Type) -> ValueCodec? {
        guard let raw = primitiveCodec(for: Raw.RawValue.self) else { return nil }
        return ValueCodec(
            valueType: type, storageType: raw.storageType,
            encode: { value in try raw.encode((value as! Raw).rawValue) },
            decode: { stored in
                guard let rawValue = try raw.decode(stored) as? Raw.RawValue, let value = Raw(rawValue: rawValue) else {
                    throw SwiftDataError.valueNotDecodable(stored, as: Raw.self)
                }
                return value
            })
    }

    private static func jsonCodec<Value: Codable>(_ type: Value.Type) -> ValueCodec {
        ValueCodec(
            valueType: type, storageType: .codable,
            encode: { value in
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                do { return .data(try encoder.encode(value as! Value)) } catch {
                    throw SwiftDataError.valueNotEncodable(value, reason: "\(error)")
                }
            },
            decode: { stored in
                guard case .data(let json) = stored, let value = try? JSONDecoder().decode(Value.self, from: json) else {
                    throw SwiftDataError.valueNotDecodable(stored, as: Value.self)
                }
                return value
            })
    }
}
