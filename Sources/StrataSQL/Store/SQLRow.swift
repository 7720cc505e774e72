import StrataCore

/// One row of a query's result, as ``SQLConnection/forEachRow(_:_:)`` hands it out.
public protocol SQLRow {
    /// The integer in `column` (counted from 0); `nil` when it is NULL.
    func int64(column: Int) -> Int64?
    /// The text in `column` (counted from 0); `nil` when it is NULL.
    func string(column: Int) -> String?
}

/// The engine's queries of one or two columns, read through ``SQLConnection/forEachRow(_:_:)``.
extension SQLConnection {
    /// Runs a query and returns its first column, an integer (keys, counts), per row; NULL reads as 0.
    public func integers(_ statement: SQLStatement) throws -> [Int64] {
        var values: [Int64] = []
        try forEachRow(statement) { values.append($0.int64(column: 0) ?? 0) }
        return values
    }

    /// Runs a query and returns its first two columns, integers (owner and target keys), per row.
    public func integerPairs(_ statement: SQLStatement) throws -> [(Int64, Int64)] {
        var pairs: [(Int64, Int64)] = []
        try forEachRow(statement) { pairs.append(($0.int64(column: 0) ?? 0, $0.int64(column: 1) ?? 0)) }
        return pairs
    }

    /// Runs a query and returns its first column, as text, per row; NULLs are left out.
    public func texts(_ statement: SQLStatement) throws -> [String] {
        var values: [String] = []
        try forEachRow(statement) { row in row.string(column: 0).map { values.append($0) } }
        return values
    }
}
