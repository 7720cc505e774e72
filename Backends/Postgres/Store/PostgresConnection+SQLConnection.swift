import StrataCore
import StrataSQL

/// What the shared SQL engine needs from a PostgreSQL connection: prepared statements with
/// binary results, multi-row `INSERT`s and pipelined updates (one round trip costs more than a
/// row), keys from sequences.
extension PostgresConnection: SQLConnection {
    /// The most rows one multi-row `INSERT` carries.
    static let rowsPerInsert = 1_000

    @discardableResult
    func run(_ statement: SQLStatement) throws -> Int {
        try executePrepared(statement.text, parameters(statement.binds)).affectedRows
    }

    func forEachRow(_ statement: SQLStatement, _ body: (PostgresResultRow) throws -> Void) throws {
        let result = try executePrepared(statement.text, parameters(statement.binds))
        for row in 0..<result.rowCount { try body(PostgresResultRow(result: result, row: row)) }
    }

    func snapshots(_ statement: SQLStatement, mapping: EntityMapping, storeIdentifier: String) throws -> [DefaultSnapshot] {
        let result = try executePrepared(statement.text, parameters(statement.binds))
        let layout = mapping.entity.snapshotLayout
        let decoding = mapping.decoding(in: storeIdentifier)
        var snapshots: [DefaultSnapshot] = []
        snapshots.reserveCapacity(result.rowCount)
        for row in 0..<result.rowCount {
            var values = ContiguousArray<PersistentValue?>(repeating: nil, count: decoding.slotCount)
            // Through the buffer: the array is new, so checking it is unique per slot is waste.
            values.withUnsafeMutableBufferPointer { values in
                for offset in decoding.slots.indices {
                    if let storage = decoding.storages[offset] {
                        values[decoding.slots[offset]] = result.persistentValue(row: row, column: offset + 1, as: storage)
                    } else if let key = result.int64(row: row, column: offset + 1) {
                        values[decoding.slots[offset]] = .identifier(PersistentIdentifier(origin: decoding.origins[offset]!, primaryKey: .integer(key)))
                    } else {
                        values[decoding.slots[offset]] = .null
                    }
                }
            }
            for (offset, slot) in decoding.toManySlots.enumerated() {
                let column = decoding.slots.count + 1 + offset
                guard let keys = result.int64Array(row: row, column: column) else {
                    throw PostgresError(kind: .misuse, message: "column \(column) holds no bigint[] of to-many keys", sql: statement.text)
                }
                values[slot] = .identifiers(keys.map { PersistentIdentifier(origin: decoding.toManyOrigins[offset], primaryKey: .integer($0)) })
            }
            let identifier = PersistentIdentifier(origin: decoding.rowOrigin, primaryKey: .integer(result.int64(row: row, column: 0) ?? 0))
            snapshots.append(DefaultSnapshot(persistentIdentifier: identifier, layout: layout, values: values))
        }
        return snapshots
    }

    /// Inserts ``rowsPerInsert`` rows or more with a binary `COPY` (about twice as fast for the
    /// server as multi-row `INSERT`s), unless a column is `numeric`, which Strata sends as text;
    /// fewer rows with multi-row `INSERT`s, which cost one round trip less.
    func insert(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws {
        if rows.count >= Self.rowsPerInsert, !mapping.insert.writes(.decimal) {
            try copy(rows, keys: keys, into: mapping)
        } else {
            try insertWithValues(rows, keys: keys, into: mapping)
        }
    }

    /// Streams `rows` through `COPY … FROM STDIN (FORMAT binary)`, fields as their parameters.
    private func copy(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws {
        let dialect = PostgresDialect()
        let insert = mapping.insert
        let sql = "COPY \(dialect.quote(insert.table)) (\(insert.columns.map(dialect.quote).joined(separator: ", "))) FROM STDIN (FORMAT binary)"
        _ = try copyIn(sql) { writer in
            for index in rows.indices {
                writer.beginRow(fieldCount: insert.parameters.count)
                try forEachParameter(of: rows[index], key: keys[index], in: insert) { try writer.write($0) }
            }
        }
    }

    /// Inserts with multi-row `INSERT`s of up to ``rowsPerInsert`` rows (fewer when the columns
    /// would pass the parameter limit), each prepared once per connection, sent in one pipeline:
    /// the server inserts one chunk while the next chunk's parameters are built. A single
    /// statement into a table without unique values is held back to go with the transaction's
    /// next statement (``PostgresConnection/holdBack(_:_:)``).
    private func insertWithValues(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws {
        guard !rows.isEmpty else { return }
        let insert = mapping.insert
        let perRow = insert.parameters.count
        let perStatement = max(1, min(Self.rowsPerInsert, PostgresDialect().maximumBindCount / perRow))
        let chunks = stride(from: 0, to: rows.count, by: perStatement).map { $0..<min($0 + perStatement, rows.count) }
        func parameters(of chunk: Range<Int>) throws -> [PostgresParameter] {
            var parameters: [PostgresParameter] = []
            parameters.reserveCapacity(chunk.count * perRow)
            for index in chunk {
                try forEachParameter(of: rows[index], key: keys[index], in: insert) { parameters.append($0) }
            }
            return parameters
        }
        // NULLs are typed by their column, so every row binds the same types: each statement is
        // prepared (before the pipeline starts) with the first row's types repeated.
        var firstChunk: [PostgresParameter]? = try parameters(of: chunks[0])
        if chunks.count == 1, mapping.entity.uniquenessConstraints.isEmpty {
            // One statement, which no unique value can make fail: it travels with the save's next
            // round trip (its row checks and history record). A table with unique values inserts
            // at once, so a duplicate is reported by the insert, where the save expects it.
            return try holdBack(insert.insertText(rowCount: rows.count, dialect: PostgresDialect()), firstChunk!)
        }
        let rowTypes = firstChunk!.prefix(perRow).map(\.type)
        var statements: [Int: (name: String, sql: String, types: [UInt32])] = [:]
        for count in Set(chunks.map(\.count)) {
            let sql = insert.insertText(rowCount: count, dialect: PostgresDialect())
            let types = Array(repeatElement(rowTypes, count: count).joined())
            statements[count] = (try preparedStatement(sql, types: types), sql, types)
        }
        _ = try pipeline(count: chunks.count) { index in
            let chunk = chunks[index]
            let statement = statements[chunk.count]!
            let parameters = try index == 0 ? firstChunk.take()! : parameters(of: chunk)
            guard parameters.map(\.type) == statement.types else {
                throw PostgresError(kind: .misuse, message: "rows of \(mapping.table) bind different parameter types", sql: statement.sql)
            }
            return (statement.name, statement.sql, parameters)
        }
    }

    /// Updates through one prepared statement, pipelined: every row is sent before any answer is read.
    func update(_ rows: [DefaultSnapshot], in mapping: EntityMapping, setting update: SQLRowWrite) throws -> [PersistentIdentifier] {
        let counts = try pipeline(update.text, rows.map { row in
            var parameters: [PostgresParameter] = []
            parameters.reserveCapacity(update.parameters.count)
            try forEachParameter(of: row, key: row.persistentIdentifier.primaryKey.integerValue!, in: update) { parameters.append($0) }
            return parameters
        })
        return zip(rows, counts).filter { $0.1 == 0 }.map(\.0.persistentIdentifier)
    }

    func runForEach(_ sql: String, binds rows: [[PersistentValue]]) throws {
        _ = try pipeline(sql, rows.map(parameters))
    }

    /// Keys from the table's sequence, in one round trip. Sequences never go back, even when
    /// the save rolls back, so a key is never handed out twice.
    func newKeys(_ count: Int, for table: String) throws -> [Int64] {
        guard count > 0 else { return [] }
        let result = try executePrepared(
            "SELECT nextval($1::regclass) FROM generate_series(1, $2)",
            [PostgresParameter(.string(PostgresDialect().quote(PostgresDialect().keySequence(of: table)))), PostgresParameter(.integer(Int64(count)))])
        return (0..<result.rowCount).map { result.int64(row: $0, column: 0) ?? 0 }
    }

    /// Hands the parameters of a row to `body` in `write`'s order, without collecting them (a
    /// `COPY` writes them straight into its buffer): Codable attributes as `jsonb`, NULLs typed by
    /// their column.
    private func forEachParameter(of row: DefaultSnapshot, key: Int64, in write: SQLRowWrite, _ body: (PostgresParameter) throws -> Void) throws {
        for parameter in write.parameters {
            switch parameter {
            case .key: try body(PostgresParameter(.integer(key)))
            case .column(let slot, let storage):
                switch (row.values[slot] ?? .null, storage) {
                case (.null, let storage): try body(.null(as: storage))
                case (.data(let json), .codable): try body(.jsonb(json))
                case (let value, _): try body(try PostgresParameter(value))
                }
            }
        }
    }

    private func parameters(_ values: [PersistentValue]) throws -> [PostgresParameter] {
        try values.map(PostgresParameter.init)
    }
}

/// Row checks travel with the transaction's next statement.
extension PostgresConnection: SQLDeferredRowChecks {
    /// Held back to go out with the transaction's next statement (``requireRow(_:_:otherwise:)``):
    /// a save that relates a new row to a stored one checks the stored row with its history
    /// record's round trip.
    func requireRow(_ statement: SQLStatement, otherwise missing: @escaping @Sendable () -> any Error) throws {
        try requireRow(statement.text, parameters(statement.binds), otherwise: missing)
    }
}
