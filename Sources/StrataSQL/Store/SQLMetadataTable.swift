import Foundation
import StrataCore

/// The key-value table every SQL store keeps beside its entity tables, `_strata_metadata`: the
/// store identifier, the schema version record (``SQLSchemaVersionRecord``) and whatever else a
/// backend keeps per database (SQLite's key counters).
public enum SQLMetadataTable {
    /// The table's name.
    public static let name = "_strata_metadata"
    static let storeIdentifierKey = "storeIdentifier"

    /// Creates the table when missing.
    /// - Throws: the connection's errors.
    public static func create(on connection: some SQLConnection, dialect: any SQLDialect) throws {
        try connection.run(SQLStatement(text: "CREATE TABLE IF NOT EXISTS \(dialect.quote(name)) (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)"))
    }

    /// The value stored under `key`; `nil` when there is none. The table must exist.
    /// - Throws: the connection's errors.
    public static func value(_ key: String, on connection: some SQLConnection, dialect: any SQLDialect) throws -> String? {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT \"value\" FROM ")
        serializer.write(identifier: name)
        serializer.write(" WHERE \"key\" = ")
        serializer.write(bind: .string(key))
        return try connection.texts(serializer.statement).first
    }

    /// Stores `value` under `key`, replacing what was there (`onlyIfMissing` keeps it instead).
    /// The table must exist.
    /// - Throws: the connection's errors.
    public static func setValue(_ value: String, for key: String, onlyIfMissing: Bool = false, on connection: some SQLConnection, dialect: any SQLDialect) throws {
        let insert = SQLWrites.insert(into: name, columns: ["key", "value"], dialect: dialect)
        let conflict = onlyIfMissing ? " ON CONFLICT (\"key\") DO NOTHING" : " ON CONFLICT (\"key\") DO UPDATE SET \"value\" = excluded.\"value\""
        try connection.run(SQLStatement(text: insert + conflict, binds: [.string(key), .string(value)]))
    }

    /// The identifier minted when the database was created; `nil` before the first open that
    /// could write. Only reads.
    /// - Throws: the connection's errors.
    public static func existingStoreIdentifier(on connection: some SQLConnection, dialect: any SQLDialect) throws -> String? {
        guard try connection.hasTable(name, dialect: dialect) else { return nil }
        return try value(storeIdentifierKey, on: connection, dialect: dialect)
    }

    /// The identifier minted when the database was created, creating the table and minting it
    /// on first open. Two stores opening a new database at once agree on one identifier.
    /// - Throws: the connection's errors, or ``SwiftDataError/loadIssueModelContainer`` when the
    ///   identifier cannot be read back.
    public static func storeIdentifier(on connection: some SQLConnection, dialect: any SQLDialect) throws -> String {
        if let identifier = try existingStoreIdentifier(on: connection, dialect: dialect) { return identifier }
        try create(on: connection, dialect: dialect)
        try setValue(UUID().uuidString, for: storeIdentifierKey, onlyIfMissing: true, on: connection, dialect: dialect)
        guard let identifier = try value(storeIdentifierKey, on: connection, dialect: dialect) else {
            throw SwiftDataError.loadIssueModelContainer.with("the store identifier is missing from \(name) right after it was written")
        }
        return identifier
    }
}
