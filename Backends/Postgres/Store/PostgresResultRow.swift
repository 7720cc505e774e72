import StrataSQL

/// One row of a result, as the engine reads it.
struct PostgresResultRow: SQLRow {
    let result: PostgresResult
    let row: Int

    func int64(column: Int) -> Int64? { result.int64(row: row, column: column) }
    func string(column: Int) -> String? { result.text(row: row, column: column) }
}
