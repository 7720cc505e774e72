import StrataCore
import StrataSQL

/// Keys of PostgreSQL tables come from one sequence per table (``PostgresDialect/keySequence(of:)``),
/// created with the table when a store opens (``PostgresConnection/prepareKeys(for:)``).
enum PostgresKeySequences {
    /// The sequence minting keys of the table `table`.
    static func name(of table: String) -> String { PostgresDialect().keySequence(of: table) }

    /// - Throws: ``SwiftDataError/invalidSchema`` when a sequence name would pass PostgreSQL's
    ///   63-byte limit on names.
    static func validate(_ tables: SchemaTables) throws {
        for table in tables.tables where table.hasRowKey {
            let sequence = name(of: table.name)
            if let limit = tables.dialect.maximumIdentifierLength, sequence.utf8.count > limit {
                throw SwiftDataError.invalidSchema.with(
                    "the key sequence \(sequence) is longer than PostgreSQL's limit of \(limit) bytes; shorten the entity name", entity: table.name)
            }
        }
    }
}
