import Foundation
import StrataCore
import StrataSQL
import Testing

@testable import StrataPostgres

/// Every SQLSTATE the raw layer classifies, triggered for real against the test cluster.
@Suite struct PostgresErrorMappingTests {
    static let database = Result { () throws -> String in
        let url = try TestCluster.shared().makeDatabase(named: "errors")
        let connection = try PostgresConnection(conninfo: url)
        _ = try connection.execute("CREATE TABLE parent(id int8 PRIMARY KEY, u text UNIQUE, n text NOT NULL, c int8 CHECK (c > 0))")
        _ = try connection.execute("CREATE TABLE child(p int8 REFERENCES parent(id))")
        _ = try connection.execute("CREATE TABLE account(id int8 PRIMARY KEY, balance int8)")
        return url
    }

    @Test func constraintViolationsAreTypedBySQLState() throws {
        let connection = try connect()
        _ = try connection.execute("BEGIN")
        defer { _ = try? connection.execute("ROLLBACK") }
        let insert = "INSERT INTO parent(id, u, n, c) VALUES ($1, $2, $3, $4)"
        _ = try connection.execute(insert, try Self.parameters(1, "a", "n", 1))
        let violations: [(String, [PostgresParameter], PostgresError.Kind, String)] = [
            (insert, try Self.parameters(2, "a", "n", 1), .uniqueViolation, "23505"),
            (insert, try Self.parameters(1, "b", "n", 1), .uniqueViolation, "23505"),
            (insert, try Self.parameters(3, "c", nil, 1), .notNullViolation, "23502"),
            (insert, try Self.parameters(4, "d", "n", 0), .checkViolation, "23514"),
            ("INSERT INTO child(p) VALUES ($1)", [try PostgresParameter(.integer(99))], .foreignKeyViolation, "23503"),
        ]
        for (sql, parameters, kind, sqlState) in violations {
            _ = try connection.execute("SAVEPOINT s")
            let error = #expect(throws: PostgresError.self) { try connection.execute(sql, parameters) }
            _ = try connection.execute("ROLLBACK TO SAVEPOINT s")
            #expect(error?.kind == kind)
            #expect(error?.sqlState == sqlState)
            #expect(error?.category == (kind == .uniqueViolation ? .uniqueViolation : .constraint))
            #expect(error?.category.isConstraint == true)
            #expect(error?.isRetryable == false)
            #expect(error?.sql == sql)
        }
    }

    @Test func schemaAndSyntaxErrors() throws {
        let connection = try connect()
        let cases: [(String, PostgresError.Kind, SQLErrorCategory)] = [
            ("SELECT * FROM missing_table", .undefinedTable, .schemaMismatch),
            ("SELECT missing_column FROM parent", .undefinedColumn, .schemaMismatch),
            ("SELEC 1", .syntaxError, .unsupported),
            ("SELECT $1::int4", .invalidValue, .unsupported),
        ]
        for (sql, kind, category) in cases {
            let parameters = sql.contains("$1") ? [try PostgresParameter(.string("12abc"))] : []
            let error = #expect(throws: PostgresError.self) { try connection.execute(sql, parameters) }
            #expect(error?.kind == kind, "\(sql)")
            #expect(error?.category == category, "\(sql)")
        }
    }

    @Test func descriptionHasTheSQLButNeverBoundValues() throws {
        let secret = "secret-value-4711"
        for debug in [false, true] {
            let connection = try PostgresConnection(conninfo: Self.database.get(), debugBindValues: debug)
            _ = try connection.execute("BEGIN")
            let sql = "INSERT INTO parent(id, u, n, c) VALUES ($1, $2, $3, $4)"
            _ = try connection.execute(sql, try Self.parameters(10, secret, "n", 1))
            let error = #expect(throws: PostgresError.self) { try connection.execute(sql, try Self.parameters(11, secret, "n", 1)) }
            _ = try connection.execute("ROLLBACK")
            #expect(error?.description.contains(sql) == true)
            #expect(error?.description.contains("23505") == true)
            #expect(error?.description.contains(secret) == false)
            #expect(error?.detail?.contains(secret) == true)  // the server's own detail quotes the key
            #expect(error?.debugDescription.contains("$2 = '\(secret)'") == debug)
            #expect(error?.debugDescription.contains("detail:") == debug)
        }
        // A data error's message quotes the input; the description cuts it off.
        let error = #expect(throws: PostgresError.self) {
            try connect().execute("SELECT $1::int4", [PostgresParameter(.string(secret))])
        }
        #expect(error?.message.contains(secret) == true)
        #expect(error?.description.contains(secret) == false)
    }

    @Test func serializationFailureBetweenTwoSerializableTransactions() throws {
        let (first, second) = (try connect(), try connect())
        _ = try first.execute("INSERT INTO account(id, balance) VALUES (1, 100), (2, 100) ON CONFLICT (id) DO NOTHING")
        for connection in [first, second] {
            _ = try connection.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
            _ = try connection.execute("SELECT sum(balance) FROM account WHERE id IN (1, 2)")
        }
        _ = try first.execute("UPDATE account SET balance = balance - 1 WHERE id = 1")
        // The server may refuse the second transaction at its write or at its commit.
        var failure: (any Error)?
        do { _ = try second.execute("UPDATE account SET balance = balance - 1 WHERE id = 2") } catch { failure = error }
        _ = try first.execute("COMMIT")
        if failure == nil {
            do { _ = try second.execute("COMMIT") } catch { failure = error }
        }
        _ = try second.execute("ROLLBACK")
        let error = failure as? PostgresError
        #expect(error?.kind == .serializationFailure)
        #expect(error?.sqlState == "40001")
        #expect(error?.category == .retryable)
        #expect(error?.isRetryable == true)
    }

    @Test func deadlockBetweenTwoConnectionsOnTwoThreads() throws {
        let connections = [try connect(), try connect()]
        _ = try connections[0].execute("INSERT INTO account(id, balance) VALUES (11, 0), (12, 0) ON CONFLICT (id) DO NOTHING")
        let update = "UPDATE account SET balance = balance + 1 WHERE id = $1"
        for (connection, id) in zip(connections, [11, 12]) {
            _ = try connection.execute("SET statement_timeout = '20s'")
            _ = try connection.execute("BEGIN")
            _ = try connection.execute(update, [PostgresParameter(.integer(Int64(id)))])
        }
        // Each connection now waits for the row the other holds; the server fails one of them.
        let outcomes = ThreadOutcomes(count: 2)
        for (index, id) in [12, 11].enumerated() {
            Thread.detachNewThread {
                let connection = connections[index]
                do {
                    _ = try connection.execute(update, [PostgresParameter(.integer(Int64(id)))])
                    outcomes.record(index, nil)
                } catch {
                    // Release the locks so the other transaction can finish.
                    _ = try? connection.execute("ROLLBACK")
                    outcomes.record(index, error)
                }
            }
        }
        let errors = outcomes.wait().compactMap { $0 as? PostgresError }
        #expect(errors.map(\.kind) == [.deadlockDetected])
        #expect(errors.first?.sqlState == "40P01")
        #expect(errors.first?.isRetryable == true)
        for connection in connections { _ = try connection.execute("ROLLBACK") }
    }

    @Test func terminatedBackendIsConnectionLost() throws {
        let (victim, killer) = (try connect(), try connect())
        let pid = try PostgresParameter(.integer(Int64(victim.backendPID)))
        #expect(try killer.execute("SELECT pg_terminate_backend($1::int4, 10000)", [pid]).bool(row: 0, column: 0) == true)
        let error = #expect(throws: PostgresError.self) { try victim.execute("SELECT 1") }
        #expect(error?.kind == .connectionLost)
        #expect(error?.category == .connectionLost)
        #expect(!victim.isAlive)
        let again = #expect(throws: PostgresError.self) { try victim.execute("SELECT 1") }
        #expect(again?.kind == .connectionLost)
    }

    @Test func connectFailuresAreClassified() throws {
        let url = try Self.database.get()
        let port = try #require(URLComponents(string: url)?.port)
        let cases: [(String, PostgresError.Kind)] = [
            (url.replacingOccurrences(of: "//strata@", with: "//nobody_here@"), .authenticationFailed),
            ("postgres://strata@127.0.0.1:\(port)/no_such_database", .invalidConfiguration),
            ("host=127.0.0.1 port=\(port) bogus_option=1", .invalidConfiguration),
            ("postgres://strata@127.0.0.1:1/strata?connect_timeout=2", .connectionLost),
        ]
        for (conninfo, kind) in cases {
            let error = #expect(throws: PostgresError.self) { try PostgresConnection(conninfo: conninfo) }
            #expect(error?.kind == kind, "\(conninfo): \(error.map { "\($0)" } ?? "")")
        }
    }

    // MARK: - Helpers

    private func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo: Self.database.get())
    }

    private static func parameters(_ id: Int64, _ u: String, _ n: String?, _ c: Int64) throws -> [PostgresParameter] {
        try [.integer(id), .string(u), n.map(PersistentValue.string) ?? .null, .integer(c)].map(PostgresParameter.init)
    }
}
