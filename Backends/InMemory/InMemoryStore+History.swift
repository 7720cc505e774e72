import StrataCore

/// History kept beside the rows, replaced with them by each save (so a failed save records nothing).
extension InMemoryStore: HistoryRecording {
    /// As the configuration says.
    public var recordsHistory: Bool { configuration.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        let history = tables.withLock { $0.history }
        guard let token else { return history }
        // Numbers grow along the array: search for the first one past `token`.
        var low = 0, high = history.count
        while low < high {
            let middle = (low + high) / 2
            if history[middle].token <= token { low = middle + 1 } else { high = middle }
        }
        return Array(history[low...])
    }

    public func latestHistoryToken() throws -> Int64? {
        tables.withLock { $0.history.last?.token }
    }

    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        let doomed = Set(tokens)
        tables.withLock { $0.history.removeAll { doomed.contains($0.token) } }
    }

    /// Records a save in `working`; `nil` when the store or the context records no history.
    func recordHistory(
        of request: DataStoreSaveChangesRequest<DefaultSnapshot>, inserted: [PersistentIdentifier], in working: inout InMemoryTables
    ) -> DefaultHistoryToken? {
        guard configuration.recordsHistory, let history = request.history else { return nil }
        working.lastHistoryToken += 1
        let number = working.lastHistoryToken
        working.history.append(HistoryRecord(token: number, payload: history.payload(inserted: inserted)))
        return DefaultHistoryToken(storeIdentifier: identifier, tokenValue: number)
    }
}
