import StrataCore

/// The wrapped store's history, passed on uncounted: history calls are not fault-injected.
extension InterceptingStore: HistoryProviding where Inner: HistoryRecording {}

extension InterceptingStore: HistoryRecording where Inner: HistoryRecording {
    public var recordsHistory: Bool { inner.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        try inner.historyRecords(after: token)
    }

    public func latestHistoryToken() throws -> Int64? {
        try inner.latestHistoryToken()
    }

    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        try inner.deleteHistoryRecords(tokens)
    }
}
