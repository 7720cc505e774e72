/// The PostgreSQL type OIDs the raw layer binds and decodes (`pg_type.oid`, fixed for built-in types).
///
/// See <https://github.com/postgres/postgres/blob/master/src/include/catalog/pg_type.dat>.
enum PostgresTypeOID {
    /// No type: the server infers the parameter's type from the statement.
    static let unspecified: UInt32 = 0
    static let bool: UInt32 = 16
    static let bytea: UInt32 = 17
    static let name: UInt32 = 19
    static let int8: UInt32 = 20
    static let int2: UInt32 = 21
    static let int4: UInt32 = 23
    static let text: UInt32 = 25
    static let oid: UInt32 = 26
    static let json: UInt32 = 114
    static let float4: UInt32 = 700
    static let float8: UInt32 = 701
    static let unknown: UInt32 = 705
    static let int8Array: UInt32 = 1016
    static let bpchar: UInt32 = 1042
    static let varchar: UInt32 = 1043
    static let numeric: UInt32 = 1700
    static let uuid: UInt32 = 2950
    static let jsonb: UInt32 = 3802

    /// Whether `type`'s binary form is its UTF-8 text (a switch: a set look-up hashed per cell).
    static func isText(_ type: UInt32) -> Bool {
        switch type {
        case text, varchar, bpchar, name, unknown: true
        default: false
        }
    }
}
