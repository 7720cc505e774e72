import StrataCore
import StrataSQL

/// History in `_strata_history`, written by each save's transaction (``SQLHistoryTable``).
/// Always read on the primary (a replica may not have replayed the transaction a notification
/// announced), in a transaction of its own that takes the history lock, and announces nothing.
/// A store that neither records history nor found the table when it opened has none to read.
extension PostgresStore: HistoryRecording {
    /// As the configuration says, once the history table is there.
    public var recordsHistory: Bool { engine.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        guard hasHistoryTable else { return [] }
        return try pool.run(Self.writeJob(replicas: nil, editingState: nil) { try SQLHistoryTable.records(after: token, on: $0, dialect: self.engine.dialect) })
    }

    public func latestHistoryToken() throws -> Int64? {
        guard hasHistoryTable else { return nil }
        return try pool.run(Self.writeJob(replicas: nil, editingState: nil) { try SQLHistoryTable.latest(on: $0, dialect: self.engine.dialect) })
    }

    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        guard !tokens.isEmpty else { return }
        try write(editingState: nil) { try SQLHistoryTable.delete(tokens, on: $0, dialect: self.engine.dialect) }
    }
}
