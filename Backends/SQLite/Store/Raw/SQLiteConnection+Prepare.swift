internal import CSQLite

extension SQLiteConnection {
    /// Prepares exactly one statement.
    ///
    /// Refuses SQL that holds anything but whitespace, `;` and comments after the first statement,
    /// so a second statement can never ride along (SQLite would silently ignore it).
    /// - Throws: ``SQLiteError/Kind/multipleStatements``; ``SQLiteError/Kind/misuse`` for SQL with
    ///   no statement; otherwise the ``SQLiteError`` SQLite reports.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        try prepare(sql, flags: 0)
    }

    /// A prepared statement for `sql` from the connection's cache, reset and with its bindings cleared.
    ///
    /// When the cached statement is still running (a caller is stepping through it), a fresh,
    /// uncached statement is returned instead, so nested queries never rewind each other.
    /// - Throws: as ``prepare(_:)``.
    func cachedStatement(_ sql: String) throws -> SQLiteStatement {
        if let statement = cache[sql] {
            if sqlite3_stmt_busy(statement.handle) != 0 { return try prepare(sql) }
            statement.reset()
            statement.clearBindings()
            if cacheOrder.last != sql {
                cacheOrder.removeAll { $0 == sql }
                cacheOrder.append(sql)
            }
            return statement
        }
        let statement = try prepare(sql, flags: UInt32(SQLITE_PREPARE_PERSISTENT))
        if cache.count >= cacheCapacity, !cacheOrder.isEmpty {
            cache[cacheOrder.removeFirst()] = nil
        }
        cache[sql] = statement
        cacheOrder.append(sql)
        return statement
    }

    private func prepare(_ sql: String, flags: UInt32) throws -> SQLiteStatement {
        let handle = try openHandle(for: sql)
        // NUL-terminated; an embedded NUL ends SQLite's parse and lands in the checked tail.
        let text = sql.utf8CString
        guard text.count <= Int32.max else {
            throw SQLiteError(kind: .misuse, code: SQLITE_TOOBIG, message: "the SQL text is too long", sql: nil)
        }
        return try text.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress!
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let code = sqlite3_prepare_v3(handle, start, Int32(buffer.count), flags, &statement, &tail)
            guard code == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw SQLiteError(code: code, handle: handle, sql: sql)
            }
            guard let statement else {
                throw SQLiteError(kind: .misuse, message: "the SQL text holds no statement", sql: sql)
            }
            let rest = buffer[(tail.map { $0 - start } ?? buffer.count - 1)..<(buffer.count - 1)]
            guard Self.isBlank(rest.map { UInt8(bitPattern: $0) }) else {
                sqlite3_finalize(statement)
                throw SQLiteError(
                    kind: .multipleStatements, message: "the SQL text holds more than one statement", sql: sql)
            }
            return SQLiteStatement(handle: statement, sql: sql)
        }
    }

    /// Whether `bytes` holds only SQL whitespace, `;`, `-- line` and `/* block */` comments.
    static func isBlank(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch (bytes[index], next) {
            case (0x20, _), (0x09, _), (0x0A, _), (0x0C, _), (0x0D, _), (UInt8(ascii: ";"), _):
                index += 1
            case (UInt8(ascii: "-"), UInt8(ascii: "-")):
                index = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
            case (UInt8(ascii: "/"), UInt8(ascii: "*")):
                // SQLite accepts a block comment left open at the end of the text.
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                index = end + 2
            default:
                return false
            }
        }
        return true
    }
}
