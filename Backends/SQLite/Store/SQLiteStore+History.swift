import StrataCore
import StrataSQL

/// History in `_strata_history`, written by each save's transaction (``SQLHistoryTable``). A
/// database opened without the table (read-only, from before history) has none to read.
extension SQLiteStore: HistoryRecording {
    /// As the configuration says, once the history table is there.
    public var recordsHistory: Bool { engine.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        guard hasHistoryTable else { return [] }
        return try connections.read { try SQLHistoryTable.records(after: token, on: $0, dialect: engine.dialect) }
    }

    public func latestHistoryToken() throws -> Int64? {
        guard hasHistoryTable else { return nil }
        return try connections.read { try SQLHistoryTable.latest(on: $0, dialect: engine.dialect) }
    }

    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        guard !tokens.isEmpty else { return }
        try connections.write { connection in
            try connection.transaction { try SQLHistoryTable.delete(tokens, on: connection, dialect: engine.dialect) }
        }
    }
}
