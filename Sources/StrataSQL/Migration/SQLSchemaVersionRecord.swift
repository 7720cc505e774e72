import StrataCore

/// The schema version a store is at and its schema's fingerprint, kept as two rows of the
/// store's key-value table `_strata_metadata` (`schemaVersion`, `schemaFingerprint`).
public struct SQLSchemaVersionRecord: Hashable, Sendable {
    /// The metadata table every SQL store keeps.
    public static let table = "_strata_metadata"
    /// The recorded version.
    public let version: Schema.Version
    /// The fingerprint of the recorded version's schema (``Schema/fingerprint``).
    public let fingerprint: String

    /// A record of `version`, whose schema has `fingerprint`.
    public init(version: Schema.Version, fingerprint: String) {
        self.version = version
        self.fingerprint = fingerprint
    }

    /// The record of the database behind `connection`; `nil` when it records no version (a new
    /// database, or one created before it had a migration plan). Only reads.
    /// - Throws: the connection's errors.
    public static func read(on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws -> SQLSchemaVersionRecord? {
        guard try !connection.columnTypes(of: table).isEmpty else { return nil }
        guard let version = try value("schemaVersion", on: connection, dialect: dialect).flatMap(Schema.Version.init) else { return nil }
        return SQLSchemaVersionRecord(version: version, fingerprint: try value("schemaFingerprint", on: connection, dialect: dialect) ?? "")
    }

    /// Writes the record, inside the caller's transaction; the metadata table must exist.
    /// - Throws: the connection's errors.
    public func write(on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws {
        for (key, value) in [("schemaVersion", version.description), ("schemaFingerprint", fingerprint)] {
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("INSERT INTO ")
            serializer.write(identifier: Self.table)
            serializer.write(" (\"key\", \"value\") VALUES (")
            serializer.write(bind: .string(key))
            serializer.write(", ")
            serializer.write(bind: .string(value))
            serializer.write(") ON CONFLICT (\"key\") DO UPDATE SET \"value\" = excluded.\"value\"")
            try connection.run(serializer.statement)
        }
    }

    private static func value(_ key: String, on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws -> String? {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT \"value\" FROM ")
        serializer.write(identifier: table)
        serializer.write(" WHERE \"key\" = ")
        serializer.write(bind: .string(key))
        return try connection.texts(serializer.statement).first
    }
}
