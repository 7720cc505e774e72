import CLibPQ
import Foundation
import Testing

@testable import StrataPostgres

/// A transaction's `BEGIN` travels with its first statement: one round trip for both.
@Suite struct PostgresDeferredBeginTests {
    static let database = Result { try TestCluster.shared().makeDatabase(named: "begin") }

    @Test func beginAndTheFirstStatementAreOneRoundTripAndTheStatementRunsInTheTransaction() throws {
        let connection = try PostgresConnection(conninfo: Self.database.get())
        let sql = "SELECT current_setting('transaction_isolation'), current_setting('transaction_read_only')"
        _ = try connection.executePrepared(sql)  // prepared now: preparing takes a round trip of its own
        let syncs = try countingSyncs(on: connection) {
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
        let syncs = try countingSyncs(on: connection) {
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

    /// The sync points `body` sends on `connection` (one per round trip), from libpq's protocol trace.
    private func countingSyncs(on connection: PostgresConnection, _ body: () throws -> Void) throws -> Int {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pqtrace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(fopen(path, "w"))
        PQtrace(connection.handle, file)
        do {
            try body()
        } catch {
            PQuntrace(connection.handle)
            fclose(file)
            throw error
        }
        PQuntrace(connection.handle)
        fclose(file)
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        return trace.split(separator: "\n").filter { $0.split(separator: "\t").contains("Sync") && $0.contains("F\t") }.count
    }
}
