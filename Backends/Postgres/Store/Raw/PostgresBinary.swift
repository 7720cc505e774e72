import Foundation

/// Decoders for PostgreSQL's binary wire format of the built-in types the raw layer reads.
///
/// Each returns `nil` when the bytes do not have the type's length.
/// See the `*send` functions in <https://github.com/postgres/postgres/tree/master/src/backend/utils/adt>.
enum PostgresBinary {
    /// `bool`: one byte, 0 or 1.
    static func bool(_ bytes: UnsafeRawBufferPointer) -> Bool? {
        bytes.count == 1 ? bytes[0] != 0 : nil
    }

    /// `int2`, `int4`, `int8` (signed) or `oid` (unsigned 32-bit), big-endian, widened.
    static func integer(_ bytes: UnsafeRawBufferPointer, type: UInt32) -> Int64? {
        switch (type, bytes.count) {
        case (PostgresTypeOID.int2, 2): return Int64(load(Int16.self, bytes))
        case (PostgresTypeOID.int4, 4): return Int64(load(Int32.self, bytes))
        case (PostgresTypeOID.int8, 8): return load(Int64.self, bytes)
        case (PostgresTypeOID.oid, 4): return Int64(load(UInt32.self, bytes))
        default: return nil
        }
    }

    /// `float8` or `float4` as IEEE 754 bits, big-endian, widened (NaN, ±infinity and -0.0 kept).
    static func double(_ bytes: UnsafeRawBufferPointer, type: UInt32) -> Double? {
        switch (type, bytes.count) {
        case (PostgresTypeOID.float8, 8): return Double(bitPattern: load(UInt64.self, bytes))
        case (PostgresTypeOID.float4, 4): return Double(Float(bitPattern: load(UInt32.self, bytes)))
        default: return nil
        }
    }

    /// `uuid`: its 16 bytes in order.
    static func uuid(_ bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 16 else { return nil }
        var raw = UUID().uuid
        withUnsafeMutableBytes(of: &raw) { $0.copyMemory(from: bytes) }
        return UUID(uuid: raw)
    }

    /// `jsonb`: a version byte (1), then the JSON text.
    static func jsonb(_ bytes: UnsafeRawBufferPointer) -> Data? {
        guard bytes.first == 1 else { return nil }
        return Data(bytes.dropFirst())
    }

    /// A one-dimensional `int8[]` without NULL elements: a header (dimensions, a NULL flag, the
    /// element type; per dimension its length and lower bound), then each element's length and
    /// bytes. An empty array has no dimensions. `nil` for any other shape.
    static func int64Array(_ bytes: UnsafeRawBufferPointer) -> [Int64]? {
        guard bytes.count >= 12, load(UInt32.self, bytes, at: 8) == PostgresTypeOID.int8 else { return nil }
        switch load(Int32.self, bytes) {
        case 0:
            return []
        case 1:
            guard bytes.count >= 20, load(Int32.self, bytes, at: 4) == 0 else { return nil }
            let count = Int(load(Int32.self, bytes, at: 12))
            guard count >= 0, bytes.count == 20 + count * 12 else { return nil }
            return (0..<count).map { load(Int64.self, bytes, at: 20 + $0 * 12 + 4) }
        default:
            return nil
        }
    }

    /// A big-endian integer of `type`'s width at `offset`.
    static func load<Integer: FixedWidthInteger>(_ type: Integer.Type, _ bytes: UnsafeRawBufferPointer, at offset: Int = 0) -> Integer {
        Integer(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Integer.self))
    }
}
