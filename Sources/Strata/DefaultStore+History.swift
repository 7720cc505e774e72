/// The history of the store the configuration selected, as that store keeps it: each save is
/// recorded in its transaction, and `fetchHistory`/`deleteHistory` read and delete it there.
extension DefaultStore: HistoryRecording {
    /// Whether the wrapped store records history.
    public var recordsHistory: Bool { backing.recordsHistory }

    public func historyRecords(after token: Int64?) throws -> [HistoryRecord] {
        try backing.historyRecords(after: token)
    }

    public func latestHistoryToken() throws -> Int64? {
        try backing.latestHistoryToken()
    }

    /// Deletes the wrapped store's records.
    /// - Throws: ``SwiftDataError/unsupportedConfiguration`` when the configuration does not
    ///   allow saves; the wrapped store's error.
    public func deleteHistoryRecords(_ tokens: [Int64]) throws {
        try requireSaves()
        try backing.deleteHistoryRecords(tokens)
    }
}
