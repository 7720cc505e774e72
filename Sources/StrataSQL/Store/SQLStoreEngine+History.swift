import StrataCore

extension SQLStoreEngine {
    /// Records a write in ``SQLHistoryTable``, last in its transaction: its `payload` when the
    /// store records history (`nil`: the context records none), or a gap marker when the store
    /// records none but the database has the table (``marksHistoryGaps``).
    /// - Returns: the number the payload was recorded under; `nil` when none was.
    /// - Throws: the connection's errors.
    func recordInHistory(_ payload: @autoclosure () -> String?, on connection: some SQLConnection) throws -> Int64? {
        if recordsHistory {
            guard let payload = payload() else { return nil }
            return try SQLHistoryTable.append(payload, on: connection, dialect: dialect)
        }
        if marksHistoryGaps { try SQLHistoryTable.appendGap(on: connection, dialect: dialect) }
        return nil
    }
}
