import StrataSQL

/// A stepped statement is the row the engine reads.
extension SQLiteStatement: SQLRow {
    func int64(column: Int) -> Int64? {
        isNull(at: Int32(column)) ? nil : int64(at: Int32(column))
    }

    func string(column: Int) -> String? {
        isNull(at: Int32(column)) ? nil : text(at: Int32(column))
    }
}
