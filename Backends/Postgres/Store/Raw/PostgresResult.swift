import Foundation
internal import CLibPQ

/// The rows (or command outcome) of one statement, in binary format, freed when released.
///
/// Row and column indices are zero-based, as in libpq. The typed accessors read the binary
/// format of the column's PostgreSQL type and return `nil` for NULL or for a column of another
/// type; ``persistentValue(row:column:as:)`` decodes any column into Strata's persisted form.
/// Not thread-safe: read it on one thread at a time.
final class PostgresResult {
    /// The `PGresult` handle, cleared in `deinit`.
    let handle: OpaquePointer
    /// Each column's type OID, read once: decoding asks for it at every value.
    private let columnTypes: [UInt32]

    init(handle: OpaquePointer) {
        self.handle = handle
        columnTypes = (0..<PQnfields(handle)).map { UInt32(PQftype(handle, $0)) }
    }

    deinit { PQclear(handle) }

    /// The number of rows returned.
    var rowCount: Int { Int(PQntuples(handle)) }

    /// The number of columns in each row.
    var columnCount: Int { Int(PQnfields(handle)) }

    /// The rows an `INSERT`, `UPDATE`, `DELETE`, `MERGE`, `SELECT`, `FETCH`, `MOVE` or `COPY`
    /// affected (`PQcmdTuples`); 0 for other commands.
    var affectedRows: Int { Self.affectedRows(handle) }

    /// The name of `column`, as the statement labelled it.
    func columnName(_ column: Int) -> String {
        String(cString: PQfname(handle, Int32(column)))
    }

    /// The type OID of `column` (`PQftype`).
    func columnType(_ column: Int) -> UInt32 {
        columnTypes[column]
    }

    /// Whether `row` holds NULL in `column`.
    func isNull(row: Int, column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// A `bool` column.
    func bool(row: Int, column: Int) -> Bool? {
        guard columnType(column) == PostgresTypeOID.bool, let bytes = rawBytes(row: row, column: column) else { return nil }
        return PostgresBinary.bool(bytes)
    }

    /// An `int2`, `int4`, `int8` or `oid` column, widened.
    func int64(row: Int, column: Int) -> Int64? {
        guard let bytes = rawBytes(row: row, column: column) else { return nil }
        return PostgresBinary.integer(bytes, type: columnType(column))
    }

    /// An `int8[]` column of one dimension without NULL elements.
    func int64Array(row: Int, column: Int) -> [Int64]? {
        guard columnType(column) == PostgresTypeOID.int8Array, let bytes = rawBytes(row: row, column: column) else { return nil }
        return PostgresBinary.int64Array(bytes)
    }

    /// A `float8` or `float4` column, widened.
    func double(row: Int, column: Int) -> Double? {
        guard let bytes = rawBytes(row: row, column: column) else { return nil }
        return PostgresBinary.double(bytes, type: columnType(column))
    }

    /// A `text`, `varchar`, `char`, `name` or `unknown` column, of its full length.
    func text(row: Int, column: Int) -> String? {
        guard PostgresTypeOID.isText(columnType(column)), let bytes = rawBytes(row: row, column: column) else {
            return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A column's raw binary-format bytes (for `bytea`, its content); empty for a zero-length value.
    func bytes(row: Int, column: Int) -> Data? {
        rawBytes(row: row, column: column).map { Data($0) }
    }

    /// A `uuid` column.
    func uuid(row: Int, column: Int) -> UUID? {
        guard columnType(column) == PostgresTypeOID.uuid, let bytes = rawBytes(row: row, column: column) else { return nil }
        return PostgresBinary.uuid(bytes)
    }

    /// The value's bytes without copying, valid while the result lives; `nil` for NULL.
    func rawBytes(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        guard !isNull(row: row, column: column) else { return nil }
        let count = Int(PQgetlength(handle, Int32(row), Int32(column)))
        // libpq returns a valid pointer (to an empty string) even for a zero-length value.
        return UnsafeRawBufferPointer(start: PQgetvalue(handle, Int32(row), Int32(column)), count: count)
    }

    /// `PQcmdTuples` of `result` as a number; 0 when the command reports none.
    static func affectedRows(_ result: OpaquePointer) -> Int {
        Int(String(cString: PQcmdTuples(result))) ?? 0
    }
}
