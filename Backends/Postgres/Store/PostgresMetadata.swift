import Foundation
import StrataCore
import StrataSQL

/// The store's own objects beside the entity tables: a key-value table holding the store
/// identifier, and one sequence per entity table that mints its keys.
struct PostgresMetadata {
    static let table = "_strata_metadata"
    /// The advisory lock key held while a store prepares the database ("strata" in ASCII).
    static let schemaLock: Int64 = 0x7374_7261_7461
    let tables: SchemaTables

    /// - Throws: ``SwiftDataError/invalidSchema`` when a sequence name would pass the 63-byte limit.
    init(tables: SchemaTables) throws {
        self.tables = tables
        for table in tables.tables where table.hasRowKey {
            let sequence = Self.sequence(of: table.name)
            if let limit = tables.dialect.maximumIdentifierLength, sequence.utf8.count > limit {
                throw SwiftDataError.invalidSchema.with(
                    "the key sequence \(sequence) is longer than PostgreSQL's limit of \(limit) bytes; shorten the entity name", entity: table.name)
            }
        }
    }

    /// The sequence minting keys of an entity table.
    static func sequence(of table: String) -> String { table + "_pk_seq" }

    /// Creates the metadata table and the sequences when missing, and returns the store
    /// identifier, minting it on first open.
    func prepare(on connection: PostgresConnection) throws -> String {
        let quote = tables.dialect.quote
        _ = try connection.execute("CREATE TABLE IF NOT EXISTS \(quote(Self.table)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        for table in tables.tables where table.hasRowKey {
            _ = try connection.execute("CREATE SEQUENCE IF NOT EXISTS \(quote(Self.sequence(of: table.name)))")
        }
        _ = try connection.execute(
            "INSERT INTO \(quote(Self.table)) (\"key\", \"value\") VALUES ('storeIdentifier', $1) ON CONFLICT (\"key\") DO NOTHING",
            [PostgresParameter(.string(UUID().uuidString))])
        let result = try connection.execute("SELECT \"value\" FROM \(quote(Self.table)) WHERE \"key\" = 'storeIdentifier'")
        guard result.rowCount == 1, let identifier = result.text(row: 0, column: 0) else {
            throw PostgresError(kind: .other, message: "the store identifier is missing from \(Self.table)", sql: nil)
        }
        return identifier
    }
}
