import Foundation
import StrataCore
import StrataSQL

/// The store's own objects beside the entity tables: the metadata table (``SQLMetadataTable``)
/// holding the store identifier, and one sequence per entity table that mints its keys.
struct PostgresMetadata {
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
    static func sequence(of table: String) -> String { PostgresDialect().keySequence(of: table) }

    /// Creates the metadata table and the sequences when missing, and returns the store
    /// identifier, minting it on first open.
    func prepare(on connection: PostgresConnection) throws -> String {
        try SQLMetadataTable.create(on: connection, dialect: tables.dialect)
        for table in tables.tables where table.hasRowKey {
            _ = try connection.execute("CREATE SEQUENCE IF NOT EXISTS \(tables.dialect.quote(Self.sequence(of: table.name)))")
        }
        return try SQLMetadataTable.storeIdentifier(on: connection, dialect: tables.dialect)
    }
}
