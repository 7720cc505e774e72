import StrataCore

/// Hands out primary keys per table from counters kept in the metadata table, so a key is
/// never reused, even after its row was deleted (an old identifier never names a new row).
struct SQLiteKeyAllocator {
    let connection: SQLiteConnection
    private var next: [String: Int64] = [:]

    init(connection: SQLiteConnection) {
        self.connection = connection
    }

    /// The next key of `table`.
    mutating func next(for table: String) throws -> Int64 {
        let key = try next[table] ?? stored(table)
        next[table] = key + 1
        return key
    }

    /// Writes the counters back; call before committing.
    func persist() throws {
        for (table, key) in next {
            try connection.run(
                "INSERT INTO \"\(SQLiteMetadata.table)\" (\"key\", \"value\") VALUES (?1, ?2) ON CONFLICT (\"key\") DO UPDATE SET \"value\" = excluded.\"value\"",
                binds: [.string("nextKey.\(table)"), .string(String(key))])
        }
    }

    private func stored(_ table: String) throws -> Int64 {
        let saved = try connection.query("SELECT \"value\" FROM \"\(SQLiteMetadata.table)\" WHERE \"key\" = ?1", binds: [.string("nextKey.\(table)")]) {
            Int64($0.text(at: 0)) ?? 1
        }
        return saved.first ?? 1
    }
}
