import StrataCore

/// The schema version a store is at and its schema's fingerprint, kept as two rows of the
/// store's key-value table ``SQLMetadataTable`` (`schemaVersion`, `schemaFingerprint`).
public struct SQLSchemaVersionRecord: Hashable, Sendable {
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
        guard try connection.hasTable(SQLMetadataTable.name, dialect: dialect) else { return nil }
        let version = try SQLMetadataTable.value("schemaVersion", on: connection, dialect: dialect).flatMap(Schema.Version.init)
        guard let version else { return nil }
        let fingerprint = try SQLMetadataTable.value("schemaFingerprint", on: connection, dialect: dialect)
        return SQLSchemaVersionRecord(version: version, fingerprint: fingerprint ?? "")
    }

    /// Writes the record, inside the caller's transaction; the metadata table must exist.
    /// - Throws: the connection's errors.
    public func write(on connection: some SQLMigrationConnection, dialect: any SQLDialect) throws {
        for (key, value) in [("schemaVersion", version.description), ("schemaFingerprint", fingerprint)] {
            try SQLMetadataTable.setValue(value, for: key, on: connection, dialect: dialect)
        }
    }
}
