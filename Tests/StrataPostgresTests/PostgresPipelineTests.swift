import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// Bulk writes in libpq pipeline mode: per-row counts, batching, and recovery after an error.
@Suite struct PostgresPipelineTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "pipeline") }

    @Test func insertsAcrossSeveralBatchesReturnOneCountPerRow() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE p(id int8 PRIMARY KEY, name text)")
        let rows = try (1...2_500).map { [try PostgresParameter(.integer(Int64($0))), try PostgresParameter(.string("n\($0)"))] }
        let recorder = SQLRecorder()
        connection.trace = recorder.hook
        let counts = try connection.pipeline("INSERT INTO p(id, name) VALUES ($1, $2)", rows)
        #expect(counts == Array(repeating: 1, count: 2_500))
        #expect(recorder.statements.count == 2_500)
        #expect(try connection.execute("SELECT count(*), max(name) FROM p").int64(row: 0, column: 0) == 2_500)
    }

    @Test func updatesReportTheRowsEachRunAffected() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE u(v int8)")
        _ = try connection.execute("INSERT INTO u VALUES (1), (2), (2)")
        let rows = try [2, 3, 1].map { [try PostgresParameter(.integer($0))] }
        #expect(try connection.pipeline("UPDATE u SET v = v WHERE v = $1", rows) == [2, 0, 1])
        #expect(try connection.pipeline("UPDATE u SET v = v", []) == [])
    }

    @Test func nullsShareAStatementWithTypedValues() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE n(a double precision, b text)")
        let rows = try [[PersistentValue.null, .string("x")], [.double(1.5), .null], [.null, .null]].map {
            try $0.map(PostgresParameter.init)
        }
        #expect(try connection.pipeline("INSERT INTO n(a, b) VALUES ($1, $2)", rows) == [1, 1, 1])
        #expect(try connection.execute("SELECT sum(a) FROM n").double(row: 0, column: 0) == 1.5)
        let mixed = try [[PostgresParameter(.integer(1))], [PostgresParameter(.double(1))]]
        let error = #expect(throws: PostgresError.self) { try connection.pipeline("SELECT $1", mixed) }
        #expect(error?.kind == .misuse)
    }

    @Test func firstErrorIsThrownAndTheConnectionStaysUsable() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get(), debugBindValues: true)
        _ = try connection.execute("CREATE TEMP TABLE e(id int8 PRIMARY KEY)")
        var rows = try (1...1_500).map { [try PostgresParameter(.integer(Int64($0)))] }
        rows[1_200] = [try PostgresParameter(.integer(7))]
        rows[1_300] = [try PostgresParameter(.integer(8))]
        _ = try connection.execute("BEGIN")
        let error = #expect(throws: PostgresError.self) { try connection.pipeline("INSERT INTO e(id) VALUES ($1)", rows) }
        #expect(error?.kind == .uniqueViolation)
        #expect(error?.debugDescription.contains("$1 = 7") == true)
        _ = try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM e").int64(row: 0, column: 0) == 0)
        // Outside a transaction each batch commits on its own: the first batch stays.
        #expect(throws: PostgresError.self) { try connection.pipeline("INSERT INTO e(id) VALUES ($1)", rows) }
        #expect(try connection.execute("SELECT count(*) FROM e").int64(row: 0, column: 0) == 1_000)
        #expect(try connection.pipeline("INSERT INTO e(id) VALUES ($1)", [[PostgresParameter(.integer(-1))]]) == [1])
    }

    @Test func runsInsideTheCallersTransaction() throws {
        let connection = try connect()
        _ = try connection.execute("CREATE TEMP TABLE s(v text)")
        let rows = try [[PostgresParameter(.string("a"))], [PostgresParameter(.string("b"))]]
        _ = try connection.execute("BEGIN")
        #expect(try connection.pipeline("INSERT INTO s(v) VALUES ($1)", rows) == [1, 1])
        _ = try connection.execute("ROLLBACK")
        #expect(try connection.execute("SELECT count(*) FROM s").int64(row: 0, column: 0) == 0)
    }

    @Test func statementsBuiltAsTheyAreSentReportTheFailingOnesSQL() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get(), debugBindValues: true)
        _ = try connection.execute("CREATE TEMP TABLE m(id int8 PRIMARY KEY)")
        let one = "INSERT INTO m(id) VALUES ($1)"
        let two = "INSERT INTO m(id) VALUES ($1), ($2)"
        let names = [try connection.preparedStatement(one, types: [PostgresTypeOID.int8]),
                     try connection.preparedStatement(two, types: [PostgresTypeOID.int8, PostgresTypeOID.int8])]
        var built: [Int] = []
        let counts = try connection.pipeline(count: 3) { index in
            built.append(index)
            return index == 1
                ? (names[1], two, [try PostgresParameter(.integer(10)), try PostgresParameter(.integer(11))])
                : (names[0], one, [try PostgresParameter(.integer(Int64(index)))])
        }
        #expect(counts == [1, 2, 1])
        #expect(built == [0, 1, 2])
        let duplicate = #expect(throws: PostgresError.self) {
            try connection.pipeline(count: 2) { index in
                index == 0
                    ? (names[0], one, [try PostgresParameter(.integer(20))])
                    : (names[1], two, [try PostgresParameter(.integer(21)), try PostgresParameter(.integer(10))])
            }
        }
        #expect(duplicate?.kind == .uniqueViolation)
        #expect(duplicate?.sql == two)
        #expect(duplicate?.debugDescription.contains("$2 = 10") == true)
        struct BuildFailure: Error {}
        let refused = #expect(throws: PostgresError.self) {
            try connection.pipeline(count: 2) { index in
                guard index == 0 else { throw BuildFailure() }
                return (names[0], one, [try PostgresParameter(.integer(30))])
            }
        }
        #expect(refused?.kind == .misuse)
        // The 4 rows of the first pipeline, and 30: statements sent before the build failed still
        // run. The failed second pipeline left nothing: one batch is one implicit transaction.
        #expect(try connection.execute("SELECT id FROM m ORDER BY id").rowCount == 5)
        #expect(try connection.execute("SELECT count(*) FROM m WHERE id IN (20, 21, 30)").int64(row: 0, column: 0) == 1)
    }

    // MARK: - Helpers

    private func connect() throws -> PostgresConnection {
        try PostgresConnection(conninfo: Self.database.get())
    }
}
