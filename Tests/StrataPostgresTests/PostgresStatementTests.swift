import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// Running statements over libpq: one statement per call, the prepared cache, tracing, closing.
@Suite struct PostgresStatementTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "statements") }

    @Test func multipleStatementsAreRefused() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE x(v int)")
        for sql in ["INSERT INTO x VALUES (1); DROP TABLE x", "SELECT 1;SELECT 2"] {
            for run in [connection.execute, connection.executePrepared] {
                let error = #expect(throws: PostgresError.self) { try run(sql, []) }
                #expect(error?.kind == .multipleStatements)
                #expect(error?.category == .unsupported)
                #expect(error?.sqlState == "42601")
                #expect(error?.sql == sql)
            }
        }
        #expect(try connection.execute("SELECT count(*) FROM x").int64(row: 0, column: 0) == 0)
        _ = try connection.execute("SELECT 1; -- one statement and a comment\n")
    }

    @Test func emptySQLAndNulAreMisuse() throws {
        let connection = try connect()
        for sql in ["", " -- nothing", "SELECT 1\u{0}; DROP TABLE x"] {
            let error = #expect(throws: PostgresError.self) { try connection.execute(sql) }
            #expect(error?.kind == .misuse)
        }
    }

    @Test func copyIsRefusedAndTheConnectionStaysUsable() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE c(v int)")
        _ = try connection.execute("INSERT INTO c VALUES (1), (2)")
        for sql in ["COPY c TO STDOUT", "COPY c FROM STDIN"] {
            let error = #expect(throws: PostgresError.self) { try connection.execute(sql) }
            #expect(error?.kind == .misuse)
            #expect(try connection.execute("SELECT count(*) FROM c").int64(row: 0, column: 0) == 2)
        }
    }

    @Test func preparedStatementsAreReusedPerSQLAndTypes() throws {
        let connection = try connect()
        let sql = "SELECT $1::text IS NULL"
        for value in [PersistentValue.string("a"), .string("b"), .string("c")] {
            #expect(try connection.executePrepared(sql, [PostgresParameter(value)]).bool(row: 0, column: 0) == false)
        }
        #expect(try preparedStatements(connection) == [sql])
        // NULL leaves the type to the server: another statement, so no binary value is misread.
        #expect(try connection.executePrepared(sql, [PostgresParameter(.null)]).bool(row: 0, column: 0) == true)
        #expect(try preparedStatements(connection) == [sql, sql])
        #expect(connection.statements.count == 2)
    }

    @Test func leastRecentlyUsedStatementIsDeallocated() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get(), statementCacheCapacity: 2)
        _ = try connection.executePrepared("SELECT 1")
        _ = try connection.executePrepared("SELECT 2")
        _ = try connection.executePrepared("SELECT 1")
        _ = try connection.executePrepared("SELECT 3")
        #expect(try preparedStatements(connection) == ["SELECT 1", "SELECT 3"])
    }

    @Test func preparedStatementsSurviveARolledBackTransaction() throws {
        let connection = try connect()
        _ = try connection.execute("BEGIN")
        _ = try connection.executePrepared("SELECT $1::int8", [PostgresParameter(.integer(1))])
        _ = try connection.execute("ROLLBACK")
        #expect(try connection.executePrepared("SELECT $1::int8", [PostgresParameter(.integer(2))]).int64(row: 0, column: 0) == 2)
    }

    @Test func traceRecordsStatementsNotValues() throws {
        let connection = try connect()
        let recorder = SQLRecorder()
        connection.trace = recorder.hook
        _ = try connection.execute("SELECT $1::text", [PostgresParameter(.string("secret"))])
        _ = try connection.executePrepared("SELECT $1::int8", [PostgresParameter(.integer(7))])
        #expect(recorder.statements == ["SELECT $1::text", "SELECT $1::int8"])
    }

    @Test func affectedRowsCountsTheCommand() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE a(v int)")
        #expect(try connection.execute("INSERT INTO a SELECT generate_series(1, 5)").affectedRows == 5)
        #expect(try connection.execute("UPDATE a SET v = v + 1 WHERE v > $1", [PostgresParameter(.integer(2))]).affectedRows == 3)
        #expect(try connection.execute("CREATE TEMP TABLE b(v int)").affectedRows == 0)
    }

    @Test func sessionIsUTF8AndUTC() throws {
        let result = try connect().execute("SELECT current_setting('client_encoding'), current_setting('TimeZone')")
        #expect(result.text(row: 0, column: 0) == "UTF8")
        #expect(result.text(row: 0, column: 1) == "UTC")
    }

    @Test func closedConnectionRefusesWork() throws {
        let connection = try connect()
        #expect(connection.isAlive)
        #expect(connection.backendPID > 0)
        connection.close()
        #expect(!connection.isAlive)
        let error = #expect(throws: PostgresError.self) { try connection.execute("SELECT 1") }
        #expect(error?.kind == .misuse)
        connection.close()
    }

    // MARK: - Helpers

    private func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo: Self.database.get())
    }

    /// The SQL of the connection's server-side prepared statements, oldest first.
    private func preparedStatements(_ connection: PostgresConnection) throws -> [String] {
        let result = try connection.execute("SELECT statement FROM pg_prepared_statements ORDER BY prepare_time, name")
        return (0..<result.rowCount).compactMap { result.text(row: $0, column: 0) }
    }
}
