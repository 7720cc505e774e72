import StrataCore
import StrataSQL

/// What the shared SQL engine needs from an SQLite connection: rows decoded with SQLite's
/// column API, writes through cached prepared statements, keys from persisted counters.
extension SQLiteConnection: SQLConnection {
    @discardableResult
    func run(_ statement: SQLStatement) throws -> Int {
        try run(statement.text, binds: statement.binds)
    }

    func forEachRow(_ statement: SQLStatement, _ body: (SQLiteStatement) throws -> Void) throws {
        try forEachRow(statement.text, binds: statement.binds, body)
    }

    func snapshots(_ statement: SQLStatement, mapping: EntityMapping, storeIdentifier: String) throws -> [DefaultSnapshot] {
        let layout = mapping.entity.snapshotLayout
        let decoding = mapping.decoding(in: storeIdentifier)
        return try query(statement.text, binds: statement.binds) { row -> DefaultSnapshot in
            var values = ContiguousArray<PersistentValue?>(repeating: nil, count: decoding.slotCount)
            // Through the buffer: the array is new, so checking it is unique per slot is waste.
            values.withUnsafeMutableBufferPointer { values in
                for offset in decoding.slots.indices {
                    let index = Int32(offset + 1)
                    if let storage = decoding.storages[offset] {
                        values[decoding.slots[offset]] = row.persistentValue(at: index, as: storage)
                    } else {
                        values[decoding.slots[offset]] = row.isNull(at: index)
                            ? .null : .identifier(PersistentIdentifier(origin: decoding.origins[offset]!, primaryKey: .integer(row.int64(at: index))))
                    }
                }
            }
            let identifier = PersistentIdentifier(origin: decoding.rowOrigin, primaryKey: .integer(row.int64(at: 0)))
            return DefaultSnapshot(persistentIdentifier: identifier, layout: layout, values: values)
        }
    }

    /// Inserts row by row through one prepared statement: SQLite has no round trips to save.
    func insert(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws {
        try runEach(mapping.insert, for: rows) { keys[$0] }
    }

    func update(_ rows: [DefaultSnapshot], in mapping: EntityMapping, setting update: SQLRowWrite) throws -> [PersistentIdentifier] {
        var missing: [PersistentIdentifier] = []
        try runEach(update, for: rows, key: { rows[$0].persistentIdentifier.primaryKey.integerValue! }) { index in
            if changes == 0 { missing.append(rows[index].persistentIdentifier) }
        }
        return missing
    }

    /// Runs `write` once per row through one cached statement, `key(i)` the key of `rows[i]`;
    /// `afterEach(i)` runs after row `i`'s statement. Rows are read in place, by index:
    /// iterating would copy (retain) every snapshot.
    private func runEach(_ write: SQLRowWrite, for rows: [DefaultSnapshot], key: (Int) -> Int64, afterEach: (Int) -> Void = { _ in }) throws {
        let statement = try cachedStatement(write.text)
        for index in rows.indices {
            trace?(write.text)
            let key = key(index)
            try statement.run { position in write.value(at: Int(position) - 1, of: rows[index], key: key) }
            afterEach(index)
        }
    }

    func runForEach(_ sql: String, binds rows: [[PersistentValue]]) throws {
        let statement = try cachedStatement(sql)
        for binds in rows {
            trace?(sql)
            try statement.run(binds)
        }
    }

    /// Keys from a counter per table in the metadata table, advanced inside the save's
    /// transaction, so a key is never reused, even after its row was deleted.
    func newKeys(_ count: Int, for table: String) throws -> [Int64] {
        let name = PersistentValue.string("nextKey.\(table)")
        let stored = try query("SELECT \"value\" FROM \"\(SQLMetadataTable.name)\" WHERE \"key\" = ?", binds: [name]) { Int64($0.text(at: 0)) ?? 1 }
        let first = stored.first ?? 1
        try run(
            "INSERT INTO \"\(SQLMetadataTable.name)\" (\"key\", \"value\") VALUES (?, ?) ON CONFLICT (\"key\") DO UPDATE SET \"value\" = excluded.\"value\"",
            binds: [name, .string(String(first + Int64(count)))])
        return Array(first..<first + Int64(count))
    }
}
