// The same workloads through libsqlite3 directly: prepared statements, explicit transactions,
// one connection in WAL mode with synchronous=NORMAL (as Strata's connections).
import CSQLite
import Foundation

struct RawError: Error, CustomStringConvertible {
    var description: String
}

final class RawDatabase {
    let handle: OpaquePointer

    /// The table Strata's SQLiteStore creates for `Task` (see SchemaTables / SQLiteDialect):
    /// an INTEGER PRIMARY KEY `_pk`, TEXT, INTEGER, untyped (Double), REAL (Date, seconds since
    /// 2001), INTEGER (Bool). No index besides the primary key, as Strata.
    static let createTable = #"CREATE TABLE "Task" ("_pk" INTEGER PRIMARY KEY, "title" TEXT, "priority" INTEGER, "score" , "due" REAL, "done" INTEGER)"#
    static let columns = #""_pk", "title", "priority", "score", "due", "done""#

    init(path: String, create: Bool) throws {
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            throw RawError(description: "cannot open \(path)")
        }
        handle = db
        try exec("PRAGMA journal_mode=WAL")
        try exec("PRAGMA synchronous=NORMAL")
        if create { try exec(Self.createTable) }
    }

    deinit { sqlite3_close_v2(handle) }

    func exec(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw RawError(description: "\(sql): \(message.map { String(cString: $0) } ?? "?")")
        }
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw RawError(description: "prepare \(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return statement
    }

    func check(_ code: Int32, _ expected: Int32 = SQLITE_OK) throws {
        guard code == expected else { throw RawError(description: String(cString: sqlite3_errmsg(handle))) }
    }

    /// The `CREATE TABLE` SQLite recorded for `table`.
    func tableSQL(_ table: String) throws -> String {
        let statement = try prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?1")
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_text(statement, 1, table, -1, strata_sqlite_transient())
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return "?" }
        return String(cString: text)
    }

    // MARK: workloads

    /// 1. All inputs in one transaction through one reused INSERT.
    func insert(_ inputs: [TaskInput]) throws {
        let statement = try prepare(#"INSERT INTO "Task" (\#(Self.columns)) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"#)
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for (index, input) in inputs.enumerated() {
            sqlite3_bind_int64(statement, 1, Int64(index + 1))
            var title = input.title
            title.withUTF8 { bytes in
                _ = sqlite3_bind_text(statement, 2, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), strata_sqlite_transient())
            }
            if let priority = input.priority { sqlite3_bind_int64(statement, 3, Int64(priority)) } else { sqlite3_bind_null(statement, 3) }
            sqlite3_bind_double(statement, 4, input.score)
            sqlite3_bind_double(statement, 5, input.due.timeIntervalSinceReferenceDate)
            sqlite3_bind_int64(statement, 6, input.done ? 1 : 0)
            try check(sqlite3_step(statement), SQLITE_DONE)
            sqlite3_reset(statement)
        }
        try exec("COMMIT")
    }

    static func row(_ statement: OpaquePointer) -> TaskRow {
        let title: String
        if let text = sqlite3_column_text(statement, 1) {
            title = String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, 1))), as: UTF8.self)
        } else {
            title = ""
        }
        return TaskRow(
            id: sqlite3_column_int64(statement, 0),
            title: title,
            priority: sqlite3_column_type(statement, 2) == SQLITE_NULL ? nil : Int(sqlite3_column_int64(statement, 2)),
            score: sqlite3_column_double(statement, 3),
            due: Date(timeIntervalSinceReferenceDate: sqlite3_column_double(statement, 4)),
            done: sqlite3_column_int64(statement, 5) != 0)
    }

    func rows(_ statement: OpaquePointer, capacity: Int = 0) throws -> [TaskRow] {
        var rows: [TaskRow] = []
        rows.reserveCapacity(capacity)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { break }
            try check(code, SQLITE_ROW)
            rows.append(Self.row(statement))
        }
        sqlite3_reset(statement)
        return rows
    }

    /// 2. Every row as a struct.
    func fetchAll() throws -> [TaskRow] {
        let statement = try prepare(#"SELECT \#(Self.columns) FROM "Task""#)
        defer { sqlite3_finalize(statement) }
        return try rows(statement)
    }

    /// 3. `priority IS NOT 3 ORDER BY score LIMIT 100`, `repetitions` times; returns rows read.
    /// With `strataShape`, the SQL text Strata runs (alias, `_pk` tiebreaker) inside
    /// `BEGIN DEFERRED`/`COMMIT`, as Strata's reader does: separates SQL cost from Swift cost.
    func filtered(repetitions: Int, strataShape: Bool = false) throws -> Int {
        let sql = strataShape
            ? #"SELECT "t0"."_pk", "t0"."title", "t0"."priority", "t0"."score", "t0"."due", "t0"."done" FROM "Task" AS "t0" WHERE ("t0"."priority" IS NOT ?1) ORDER BY "t0"."score" ASC, "t0"."_pk" ASC LIMIT ?2"#
            : #"SELECT \#(Self.columns) FROM "Task" WHERE "priority" IS NOT ?1 ORDER BY "score" LIMIT ?2"#
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var total = 0
        for _ in 0..<repetitions {
            if strataShape { try exec("BEGIN DEFERRED") }
            defer { if strataShape { try? exec("COMMIT") } }
            sqlite3_bind_int64(statement, 1, 3)
            sqlite3_bind_int64(statement, 2, 100)
            let rows = try rows(statement, capacity: 100)
            total += touch(rows)
        }
        return total
    }

    /// 4. `COUNT(*) WHERE done = 1`, `repetitions` times; returns the last count.
    func count(repetitions: Int) throws -> Int {
        let statement = try prepare(#"SELECT COUNT(*) FROM "Task" WHERE "done" = ?1"#)
        defer { sqlite3_finalize(statement) }
        var count = 0
        for _ in 0..<repetitions {
            sqlite3_bind_int64(statement, 1, 1)
            try check(sqlite3_step(statement), SQLITE_ROW)
            count = Int(sqlite3_column_int64(statement, 0))
            sqlite3_reset(statement)
        }
        return count
    }

    /// 5. A new score for every row in one transaction through one reused UPDATE.
    func update(rows: Int, bump: Double) throws {
        let statement = try prepare(#"UPDATE "Task" SET "score" = ?1 WHERE "_pk" = ?2"#)
        defer { sqlite3_finalize(statement) }
        try exec("BEGIN IMMEDIATE")
        for key in 1...Int64(rows) {
            sqlite3_bind_double(statement, 1, Double(key % 1000) + bump)
            sqlite3_bind_int64(statement, 2, key)
            try check(sqlite3_step(statement), SQLITE_DONE)
            sqlite3_reset(statement)
        }
        try exec("COMMIT")
    }

    /// 6. One SELECT by primary key per key (autocommit, one reused statement).
    func lookups(_ keys: [Int64]) throws -> Int {
        let statement = try prepare(#"SELECT \#(Self.columns) FROM "Task" WHERE "_pk" = ?1"#)
        defer { sqlite3_finalize(statement) }
        var total = 0
        for key in keys {
            sqlite3_bind_int64(statement, 1, key)
            try check(sqlite3_step(statement), SQLITE_ROW)
            let row = Self.row(statement)
            sqlite3_reset(statement)
            total &+= touch(row)
        }
        return total
    }
}

/// Reads every field, as the Strata side touches every property.
@inline(__always)
func touch(_ row: TaskRow) -> Int {
    var sum = row.title.utf8.count &+ (row.priority ?? -1) &+ Int(row.score) &+ Int(row.due.timeIntervalSinceReferenceDate)
    sum &+= row.done ? 1 : 0
    return sum &+ Int(truncatingIfNeeded: row.id)
}

func touch(_ rows: [TaskRow]) -> Int {
    rows.reduce(0) { $0 &+ touch($1) }
}

func sqlite3Version() -> UnsafePointer<CChar> { sqlite3_libversion() }
