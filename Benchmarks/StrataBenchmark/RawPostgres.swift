// The same workloads through libpq directly: one connection, server-side prepared statements,
// binary parameters and binary results, pipeline mode for the update.
import CLibPQ
import Foundation

/// A raw libpq connection holding its own copy of the benchmark table in its own namespace.
final class RawPostgres {
    let handle: OpaquePointer
    /// The quoted, schema-qualified table: `"namespace"."Task"`.
    let table: String

    /// The table Strata's PostgresStore creates for `Task` (PostgresDialect's column types):
    /// no index besides the primary key, dates as seconds since 2001.
    static func createTable(_ table: String) -> String {
        #"CREATE TABLE \#(table) ("_pk" BIGINT PRIMARY KEY, "title" TEXT, "priority" BIGINT, "score" DOUBLE PRECISION, "due" DOUBLE PRECISION, "done" BOOLEAN)"#
    }
    static let columns = #""_pk", "title", "priority", "score", "due", "done""#
    /// Rows per multi-VALUES INSERT, and UPDATEs per pipeline sync.
    static let batch = 1_000

    // Type OIDs (pg_type.h).
    static let int8: UInt32 = 20, text: UInt32 = 25, float8: UInt32 = 701, bool: UInt32 = 16

    private var prepared = Set<String>()

    /// Connects with a libpq connection string; `namespace` is created when missing.
    init(conninfo: String, namespace: String) throws {
        guard let connection = PQconnectdb(conninfo) else { throw RawError(description: "PQconnectdb returned NULL") }
        guard PQstatus(connection) == CONNECTION_OK, PQsetClientEncoding(connection, "UTF8") == 0 else {
            defer { PQfinish(connection) }
            throw RawError(description: "connect: \(String(cString: PQerrorMessage(connection)))")
        }
        handle = connection
        table = #""\#(namespace)"."Task""#
        try exec("SET client_min_messages TO warning")
        try exec(#"CREATE SCHEMA IF NOT EXISTS "\#(namespace)""#)
    }

    deinit { PQfinish(handle) }

    /// Drops (when present) and creates the table.
    func recreateTable() throws {
        try exec("DEALLOCATE ALL")
        prepared = []
        try exec("DROP TABLE IF EXISTS \(table)")
        try exec(Self.createTable(table))
    }

    /// Runs one statement without parameters (simple protocol); returns the first column of the
    /// first row as text, if any.
    @discardableResult
    func exec(_ sql: String) throws -> String? {
        let result = PQexec(handle, sql)
        defer { PQclear(result) }
        try check(result, sql)
        guard PQntuples(result) > 0, PQnfields(result) > 0 else { return nil }
        return String(cString: PQgetvalue(result, 0, 0))
    }

    /// A table's columns and indexes as the catalog records them.
    func describe(_ table: String) throws -> String {
        let columns = try exec("""
            SELECT string_agg(quote_ident(attname) || ' ' || upper(format_type(atttypid, atttypmod)) \
            || CASE WHEN attnotnull THEN ' NOT NULL' ELSE '' END, ', ' ORDER BY attnum) \
            FROM pg_attribute WHERE attrelid = '\(table)'::regclass AND attnum > 0 AND NOT attisdropped
            """) ?? "?"
        let indexes = try exec("SELECT string_agg(pg_get_indexdef(indexrelid), '; ') FROM pg_index WHERE indrelid = '\(table)'::regclass") ?? ""
        return "(\(columns)); \(indexes)"
    }

    func check(_ result: OpaquePointer?, _ what: String) throws {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw RawError(description: "\(what): \(String(cString: PQerrorMessage(handle)))")
        }
    }

    /// `PQprepare` once per name on this connection.
    func prepare(_ name: String, _ sql: String, types: [UInt32]) throws {
        guard !prepared.contains(name) else { return }
        let result = PQprepare(handle, name, sql, Int32(types.count), types)
        defer { PQclear(result) }
        try check(result, "prepare \(sql)")
        prepared.insert(name)
    }

    /// `PQexecPrepared` with every parameter in binary format and binary results. The caller clears the result.
    func execPrepared(_ name: String, _ binds: inout Binds) throws -> OpaquePointer {
        let result = binds.withArrays { count, values, lengths, formats in
            PQexecPrepared(handle, name, count, values, lengths, formats, 1)
        }
        do { try check(result, name) } catch {
            PQclear(result)
            throw error
        }
        return result!
    }

    // MARK: workloads

    /// 1. Every input in one transaction, 1,000 rows per prepared multi-VALUES INSERT.
    func insert(_ inputs: [TaskInput]) throws {
        var binds = Binds(capacity: Self.batch * 6)
        try exec("BEGIN")
        for start in stride(from: 0, to: inputs.count, by: Self.batch) {
            let chunk = inputs[start..<min(start + Self.batch, inputs.count)]
            let name = try prepareInsert(rows: chunk.count)
            binds.removeAll()
            for (offset, input) in zip(chunk.indices, chunk) {
                binds.int64(Int64(offset + 1))
                binds.text(input.title)
                binds.int64(input.priority.map { Int64($0) })
                binds.double(input.score)
                binds.double(input.due.timeIntervalSinceReferenceDate)
                binds.bool(input.done)
            }
            PQclear(try execPrepared(name, &binds))
        }
        try exec("COMMIT")
    }

    /// Prepares (once) the INSERT of `rows` rows; returns its name.
    private func prepareInsert(rows: Int) throws -> String {
        let name = "insert\(rows)"
        guard !prepared.contains(name) else { return name }
        let tuples = (0..<rows).map { row in "(" + (1...6).map { "$\(row * 6 + $0)" }.joined(separator: ", ") + ")" }
        let types = Array(repeating: [Self.int8, Self.text, Self.int8, Self.float8, Self.float8, Self.bool], count: rows).flatMap { $0 }
        try prepare(name, "INSERT INTO \(table) (\(Self.columns)) VALUES \(tuples.joined(separator: ", "))", types: types)
        return name
    }

    /// Decodes row `row` of a binary result in the column order of ``columns``.
    static func row(_ result: OpaquePointer, _ row: Int32) -> TaskRow {
        func bytes(_ column: Int32) -> UnsafeRawPointer { UnsafeRawPointer(PQgetvalue(result, row, column)) }
        func int64(_ column: Int32) -> Int64 { Int64(bigEndian: bytes(column).loadUnaligned(as: Int64.self)) }
        func double(_ column: Int32) -> Double { Double(bitPattern: UInt64(bigEndian: bytes(column).loadUnaligned(as: UInt64.self))) }
        let title = String(
            decoding: UnsafeRawBufferPointer(start: bytes(1), count: Int(PQgetlength(result, row, 1))), as: UTF8.self)
        return TaskRow(
            id: int64(0),
            title: title,
            priority: PQgetisnull(result, row, 2) == 1 ? nil : Int(int64(2)),
            score: double(3),
            due: Date(timeIntervalSinceReferenceDate: double(4)),
            done: bytes(5).load(as: UInt8.self) != 0)
    }

    static func rows(_ result: OpaquePointer) -> [TaskRow] {
        let count = PQntuples(result)
        var rows: [TaskRow] = []
        rows.reserveCapacity(Int(count))
        for index in 0..<count { rows.append(row(result, index)) }
        return rows
    }

    /// 2. Every row as a struct (one statement, binary results). With `strataShape`, the SQL
    /// text Strata runs (the alias; no `ORDER BY`: Strata orders unsorted fetches by key in
    /// memory on PostgreSQL): separates SQL cost from Swift cost.
    func fetchAll(strataShape: Bool = false) throws -> [TaskRow] {
        let sql = strataShape
            ? #"SELECT "t0"."_pk", "t0"."title", "t0"."priority", "t0"."score", "t0"."due", "t0"."done" FROM \#(table) AS "t0""#
            : "SELECT \(Self.columns) FROM \(table)"
        let result = PQexecParams(handle, sql, 0, nil, nil, nil, nil, 1)
        defer { PQclear(result) }
        try check(result, sql)
        return Self.rows(result!)
    }

    /// 3. `priority IS DISTINCT FROM 3 ORDER BY score LIMIT 100`, `repetitions` times; returns a
    /// checksum. With `strataShape`, the SQL text Strata runs (alias, `NULLS FIRST`).
    func filtered(repetitions: Int, strataShape: Bool = false) throws -> Int {
        let name = strataShape ? "filteredStrata" : "filtered"
        let sql = strataShape
            ? #"SELECT "t0"."_pk", "t0"."title", "t0"."priority", "t0"."score", "t0"."due", "t0"."done" FROM \#(table) AS "t0" WHERE ("t0"."priority" IS DISTINCT FROM $1) ORDER BY "t0"."score" ASC NULLS FIRST LIMIT $2"#
            : "SELECT \(Self.columns) FROM \(table) WHERE \"priority\" IS DISTINCT FROM $1 ORDER BY \"score\" LIMIT $2"
        try prepare(name, sql, types: [Self.int8, Self.int8])
        var binds = Binds(capacity: 2)
        binds.int64(3)
        binds.int64(100)
        var total = 0
        for _ in 0..<repetitions {
            let result = try execPrepared(name, &binds)
            total &+= touch(Self.rows(result))
            PQclear(result)
        }
        return total
    }

    /// 4. `count(*) WHERE done = $1` (true), `repetitions` times; returns the last count.
    func count(repetitions: Int) throws -> Int {
        try prepare("count", "SELECT count(*) FROM \(table) WHERE \"done\" = $1", types: [Self.bool])
        var binds = Binds(capacity: 1)
        binds.bool(true)
        var count = 0
        for _ in 0..<repetitions {
            let result = try execPrepared("count", &binds)
            count = Int(Int64(bigEndian: UnsafeRawPointer(PQgetvalue(result, 0, 0)).loadUnaligned(as: Int64.self)))
            PQclear(result)
        }
        return count
    }

    /// 5. A new score for every row in one transaction: one prepared UPDATE per row sent in
    /// pipeline mode, a sync point and the reading of the results every 1,000 rows.
    func update(rows: Int, bump: Double) throws {
        try prepare("update", "UPDATE \(table) SET \"score\" = $1 WHERE \"_pk\" = $2", types: [Self.float8, Self.int8])
        try exec("BEGIN")
        guard PQenterPipelineMode(handle) == 1 else { throw RawError(description: "PQenterPipelineMode failed") }
        var binds = Binds(capacity: 2)
        var updated = 0
        for start in stride(from: 1, through: rows, by: Self.batch) {
            for key in Int64(start)...Int64(min(start + Self.batch - 1, rows)) {
                binds.removeAll()
                binds.double(Double(key % 1000) + bump)
                binds.int64(key)
                let sent = binds.withArrays { count, values, lengths, formats in
                    PQsendQueryPrepared(handle, "update", count, values, lengths, formats, 1)
                }
                guard sent == 1 else { throw RawError(description: "PQsendQueryPrepared: \(String(cString: PQerrorMessage(handle)))") }
            }
            guard PQpipelineSync(handle) == 1 else { throw RawError(description: "PQpipelineSync failed") }
            updated += try readPipelineResults()
        }
        guard PQexitPipelineMode(handle) == 1 else { throw RawError(description: "PQexitPipelineMode failed") }
        try exec("COMMIT")
        guard updated == rows else { throw RawError(description: "updated \(updated) of \(rows) rows") }
    }

    /// Reads results up to the next sync point; returns the rows the UPDATEs changed.
    private func readPipelineResults() throws -> Int {
        var updated = 0
        while true {
            // NULL ends one statement's results.
            guard let result = PQgetResult(handle) else {
                guard PQstatus(handle) == CONNECTION_OK else { throw RawError(description: "connection lost") }
                continue
            }
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC: return updated
            case PGRES_COMMAND_OK: updated += Int(strtol(PQcmdTuples(result), nil, 10))
            default: throw RawError(description: "pipelined UPDATE: \(String(cString: PQresultErrorMessage(result)))")
            }
        }
    }

    /// 6. One prepared SELECT by primary key per key (autocommit); returns a checksum.
    func lookups(_ keys: [Int64]) throws -> Int {
        try prepare("lookup", "SELECT \(Self.columns) FROM \(table) WHERE \"_pk\" = $1", types: [Self.int8])
        var binds = Binds(capacity: 1)
        var total = 0
        for key in keys {
            binds.removeAll()
            binds.int64(key)
            let result = try execPrepared("lookup", &binds)
            guard PQntuples(result) == 1 else { throw RawError(description: "no row \(key)") }
            total &+= touch(Self.row(result, 0))
            PQclear(result)
        }
        return total
    }
}

func libpqVersion() -> String {
    let version = PQlibVersion()
    return "\(version / 10000).\(version % 10000)"
}
