import Foundation
import Testing

@testable import StrataPostgres

/// What a transaction holds back travels with its next statement: `BEGIN` with the first, a row
/// check or a small write with the one after it; one round trip for each group.
@Suite struct PostgresPendingStatementsTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "begin") }

    @Test func beginAndTheFirstStatementAreOneRoundTripAndTheStatementRunsInTheTransaction() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        let sql = "SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only')"
        _ = try connection.executePrepared(sql)  // prepared now: preparing takes a round trip of its own
        let syncs = try ProtocolTrace.syncs(on: connection) {
            try connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            let result = try connection.executePrepared(sql)
            #expect(result.text(row: 0, column: 0) == "repeatable read")
            #expect(result.text(row: 0, column: 1) == "on")
            #expect(connection.transactionReachedServer)
        }
        #expect(syncs == 1, "BEGIN and the SELECT, one sync point")
        try connection.endTransaction(commit: true)
        let after = try connection.executePrepared("SELECT current_setting('transaction_read_only')")
        #expect(after.text(row: 0, column: 0) == "off", "the transaction ended")
    }

    @Test func aTransactionEndedBeforeItsFirstStatementSendsNothing() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        let recorder = SQLRecorder()
        connection.trace = recorder.hook
        let syncs = try ProtocolTrace.syncs(on: connection) {
            try connection.begin("BEGIN")
            try connection.endTransaction(commit: true)
            try connection.begin("BEGIN")
            try connection.endTransaction(commit: false)
        }
        #expect(syncs == 0)
        #expect(recorder.statements.isEmpty)
    }

    @Test func anErrorInTheFirstStatementIsThrownAndTheConnectionStaysUsable() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        try connection.begin("BEGIN")
        #expect { try connection.executePrepared("SELECT 1 / 0") } throws: { ($0 as? PostgresError)?.sqlState == "22012" }
        #expect(connection.transactionReachedServer, "BEGIN succeeded; the statement failed")
        try connection.endTransaction(commit: false)
        #expect(try connection.executePrepared("SELECT 2").int64(row: 0, column: 0) == 2)
    }

    @Test func anyOtherCallSendsThePendingBeginFirst() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        let recorder = SQLRecorder()
        connection.trace = recorder.hook
        try connection.begin("BEGIN")
        let result = try connection.execute("SELECT txid_current_if_assigned() IS NULL, now() = transaction_timestamp()")
        #expect(result.bool(row: 0, column: 1) == true)
        #expect(recorder.statements == ["BEGIN", "SELECT txid_current_if_assigned() IS NULL, now() = transaction_timestamp()"])
        #expect(connection.transactionReachedServer)
        try connection.endTransaction(commit: true)
    }

    @Test func rowChecksTravelWithTheNextStatementWhichThrowsTheFirstMissingRowsError() throws {
        let connection = try Self.connectionWithStoredRow()
        try connection.begin("BEGIN")
        _ = try connection.executePrepared(Self.next)
        let syncs = try ProtocolTrace.syncs(on: connection) {
            try connection.requireRow(Self.check, [PostgresParameter(.integer(1))]) { MissingRow(id: 1) }
            try connection.requireRow(Self.check, [PostgresParameter(.integer(2))]) { MissingRow(id: 2) }
            try connection.requireRow(Self.check, [PostgresParameter(.integer(3))]) { MissingRow(id: 3) }
            #expect { try connection.executePrepared(Self.next) } throws: { ($0 as? MissingRow)?.id == 2 }
        }
        #expect(syncs == 1, "three checks and the SELECT, one sync point")
        try connection.endTransaction(commit: false)
        #expect(try connection.executePrepared(Self.next).int64(row: 0, column: 0) == 2, "the connection stays usable")
    }

    @Test func rowChecksLeftBeforeCommitRunInOneRoundTripWithTheirBegin() throws {
        let connection = try Self.connectionWithStoredRow()
        try connection.begin("BEGIN")
        try connection.requireRow(Self.check, [PostgresParameter(.integer(1))]) { MissingRow(id: 1) }
        let syncs = try ProtocolTrace.syncs(on: connection) { try connection.runHeldStatements() }
        #expect(syncs == 1, "BEGIN and the check")
        #expect(connection.transactionReachedServer)
        try connection.endTransaction(commit: true)
        try connection.begin("BEGIN")
        try connection.requireRow(Self.check, [PostgresParameter(.integer(2))]) { MissingRow(id: 2) }
        #expect { try connection.runHeldStatements() } throws: { ($0 as? MissingRow)?.id == 2 }
        try connection.endTransaction(commit: false)
        try connection.begin("BEGIN")
        try connection.requireRow(Self.check, [PostgresParameter(.integer(2))]) { MissingRow(id: 2) }
        try connection.endTransaction(commit: false)
        #expect(try connection.executePrepared(Self.next).int64(row: 0, column: 0) == 2, "a rollback drops the checks")
    }

    @Test func aHeldBackWriteTravelsWithTheNextStatementInOrderWithTheChecks() throws {
        let connection = try Self.connectionWithStoredRow()
        _ = try connection.executePrepared(Self.insert, [PostgresParameter(.integer(0))])
        try connection.begin("BEGIN")
        let syncs = try ProtocolTrace.syncs(on: connection) {
            try connection.holdBack(Self.insert, [PostgresParameter(.integer(2))])
            try connection.requireRow(Self.check, [PostgresParameter(.integer(2))]) { MissingRow(id: 2) }
            #expect(try connection.executePrepared(Self.count).int64(row: 0, column: 0) == 3, "the write ran before the SELECT")
        }
        #expect(syncs == 1, "BEGIN, the write, the check that finds its row, and the SELECT: one sync point")
        try connection.endTransaction(commit: true)
    }

    @Test func aHeldBackWritesErrorIsThrownByTheNextStatementAndARollbackDropsAnUnsentOne() throws {
        let connection = try Self.connectionWithStoredRow()
        _ = try connection.executePrepared(Self.insert, [PostgresParameter(.integer(0))])
        try connection.begin("BEGIN")
        try connection.holdBack(Self.insert, [PostgresParameter.null(as: .integer)])
        #expect { try connection.runHeldStatements() } throws: { ($0 as? PostgresError)?.sqlState == "23502" }
        try connection.endTransaction(commit: false)
        try connection.begin("BEGIN")
        try connection.holdBack(Self.insert, [PostgresParameter(.integer(5))])
        try connection.endTransaction(commit: false)
        #expect(try connection.executePrepared(Self.count).int64(row: 0, column: 0) == 2, "neither write is stored")
    }

    @Test func outsideATransactionAWriteRunsAtOnce() throws {
        let connection = try Self.connectionWithStoredRow()
        try connection.holdBack(Self.insert, [PostgresParameter(.integer(7))])
        #expect(try connection.executePrepared(Self.count).int64(row: 0, column: 0) == 2)
    }

    /// A query for a row of `stored`, by id.
    static let check = "SELECT 1 FROM stored WHERE id = $1"
    /// Any statement to follow the checks.
    static let next = "SELECT 2::int8"
    /// A write into `stored`.
    static let insert = "INSERT INTO stored VALUES ($1)"
    /// How many rows `stored` has.
    static let count = "SELECT count(*) FROM stored"

    /// A connection whose temporary table `stored` holds the row with id 1, with ``check``,
    /// ``next`` and ``count`` prepared: preparing takes a round trip of its own.
    static func connectionWithStoredRow() throws -> PostgresConnection {
        let connection = try PostgresConnection(conninfo: database.get())
        _ = try connection.execute("CREATE TEMP TABLE stored (id int8 NOT NULL)")
        _ = try connection.execute("INSERT INTO stored VALUES (1)")
        _ = try connection.executePrepared(check, [PostgresParameter(.integer(1))])
        _ = try connection.executePrepared(next)
        _ = try connection.executePrepared(count)
        return connection
    }

    struct MissingRow: Error {
        let id: Int
    }
}
