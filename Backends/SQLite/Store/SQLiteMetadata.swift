import Foundation

/// The store's own table: a key-value list holding the store identifier.
struct SQLiteMetadata {
    static let table = "_strata_metadata"
    let connection: SQLiteConnection

    /// The identifier minted when the database was created; `nil` before the first open that
    /// could write. Only reads.
    func existingStoreIdentifier() throws -> String? {
        guard try !connection.columnTypes(of: Self.table).isEmpty else { return nil }
        return try connection.query("SELECT \"value\" FROM \"\(Self.table)\" WHERE \"key\" = ?", binds: [.string("storeIdentifier")]) {
            $0.text(at: 0)
        }.first
    }

    /// The identifier minted when the database was created, minting it on first open.
    func storeIdentifier() throws -> String {
        if let identifier = try existingStoreIdentifier() { return identifier }
        try connection.execute("CREATE TABLE IF NOT EXISTS \"\(Self.table)\" (\"key\" TEXT PRIMARY KEY, \"value\" TEXT NOT NULL)")
        let identifier = UUID().uuidString
        try connection.execute("INSERT INTO \"\(Self.table)\" (\"key\", \"value\") VALUES (?, ?)", binds: [.string("storeIdentifier"), .string(identifier)])
        return identifier
    }
}
