import Foundation
import StrataCore

extension PostgresResult {
    /// Reads `column` of `row` as the persisted form of `storage`, inverting ``PostgresParameter``.
    ///
    /// The column's type OID decides the decoding: `bool` → `.bool`; `int2`/`int4`/`int8`/`oid` →
    /// `.integer`; `float8`/`float4` → `.double`, or `.date` for `.date` storage; text types →
    /// `.string`; `bytea` → `.data`; `uuid` → `.uuid`; `numeric` → `.decimal`; `jsonb` and `json`
    /// → `.data` of the JSON text. An integer column read as `.double`, `.date` or `.decimal`
    /// storage is converted. A value whose type does not fit `storage` comes back in its natural
    /// form, so the attribute's codec reports the mismatch instead of this layer guessing; a type
    /// the raw layer does not know comes back as `.data` of its binary form. NULL reads as `.null`.
    func persistentValue(row: Int, column: Int, as storage: StorageType) -> PersistentValue {
        guard let bytes = rawBytes(row: row, column: column) else { return .null }
        let type = columnType(column)
        switch type {
        case PostgresTypeOID.bool:
            return PostgresBinary.bool(bytes).map(PersistentValue.bool) ?? .data(Data(bytes))
        case PostgresTypeOID.int2, PostgresTypeOID.int4, PostgresTypeOID.int8, PostgresTypeOID.oid:
            guard let integer = PostgresBinary.integer(bytes, type: type) else { return .data(Data(bytes)) }
            switch storage {
            case .double: return .double(Double(integer))
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(integer)))
            case .decimal: return .decimal(Decimal(integer))
            default: return .integer(integer)
            }
        case PostgresTypeOID.float8, PostgresTypeOID.float4:
            guard let double = PostgresBinary.double(bytes, type: type) else { return .data(Data(bytes)) }
            return storage == .date ? .date(Date(timeIntervalSinceReferenceDate: double)) : .double(double)
        case _ where PostgresTypeOID.isText(type):
            return .string(PostgresTextEscaping.unescaped(bytes))
        case PostgresTypeOID.uuid:
            return PostgresBinary.uuid(bytes).map(PersistentValue.uuid) ?? .data(Data(bytes))
        case PostgresTypeOID.numeric:
            return PostgresBinary.numeric(bytes) ?? .data(Data(bytes))
        case PostgresTypeOID.jsonb:
            return PostgresBinary.jsonb(bytes).map { .data(PostgresTextEscaping.unescapedJSON($0)) } ?? .data(Data(bytes))
        default:
            // bytea and json send their content as is; any other type, its binary form.
            return .data(Data(bytes))
        }
    }
}
