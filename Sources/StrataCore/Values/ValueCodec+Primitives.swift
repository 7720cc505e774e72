import Foundation

extension ValueCodec {
    /// Codecs for the types that map directly onto a ``PersistentValue`` case.
    static func primitiveCodec(for type: Any.Type) -> ValueCodec? {
        switch type {
        case is Bool.Type: return direct(Bool.self, .bool, PersistentValue.bool) { if case .bool(let v) = $0 { v } else { nil } }
        case is Int.Type: return integer(Int.self)
        case is Int8.Type: return integer(Int8.self)
        case is Int16.Type: return integer(Int16.self)
        case is Int32.Type: return integer(Int32.self)
        case is Int64.Type: return integer(Int64.self)
        case is UInt.Type: return integer(UInt.self)
        case is UInt8.Type: return integer(UInt8.self)
        case is UInt16.Type: return integer(UInt16.self)
        case is UInt32.Type: return integer(UInt32.self)
        case is UInt64.Type: return integer(UInt64.self)
        case is Double.Type: return direct(Double.self, .double, PersistentValue.double) { if case .double(let v) = $0 { v } else { nil } }
        case is Float.Type: return direct(Float.self, .double, { .double(Double($0)) }) { if case .double(let v) = $0 { Float(v) } else { nil } }
        case is String.Type: return direct(String.self, .string, PersistentValue.string) { if case .string(let v) = $0 { v } else { nil } }
        case is Data.Type: return direct(Data.self, .data, PersistentValue.data) { if case .data(let v) = $0 { v } else { nil } }
        case is Date.Type: return direct(Date.self, .date, PersistentValue.date) { if case .date(let v) = $0 { v } else { nil } }
        case is UUID.Type: return direct(UUID.self, .uuid, PersistentValue.uuid) { if case .uuid(let v) = $0 { v } else { nil } }
        case is Decimal.Type: return direct(Decimal.self, .decimal, PersistentValue.decimal) { if case .decimal(let v) = $0 { v } else { nil } }
        case is URL.Type:
            return direct(URL.self, .string, { .string($0.absoluteString) }) { if case .string(let v) = $0 { URL(string: v) } else { nil } }
        default: return nil
        }
    }

    private static func direct<Value>(
        _ type: Value.Type, _ storage: StorageType,
        _ encode: @escaping (Value) -> PersistentValue,
        _ decode: @escaping (PersistentValue) -> Value?
    ) -> ValueCodec {
        ValueCodec(
            valueType: type, storageType: storage,
            encode: { encode($0 as! Value) },
            decode: { stored in
                guard let value = decode(stored) else { throw SwiftDataError.valueNotDecodable(stored, as: Value.self) }
                return value
            })
    }

    private static func integer<Value: FixedWidthInteger>(_ type: Value.Type) -> ValueCodec {
        ValueCodec(
            valueType: type, storageType: .integer,
            encode: { value in
                guard let stored = Int64(exactly: value as! Value) else {
                    throw SwiftDataError.valueNotEncodable(value, reason: "\(value) does not fit in a 64-bit signed integer")
                }
                return .integer(stored)
            },
            decode: { stored in
                guard case .integer(let raw) = stored, let value = Value(exactly: raw) else {
                    throw SwiftDataError.valueNotDecodable(stored, as: Value.self)
                }
                return value
            })
    }
}
