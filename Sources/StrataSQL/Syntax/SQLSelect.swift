import StrataCore

/// A `SELECT` statement as a value.
public struct SQLSelect: Sendable, Hashable {
    public var columns: [SQLExpression]
    /// The table and the alias the query refers to it by.
    public var table: String
    public var alias: String
    public var filter: SQLExpression?
    public var orderBy: [SQLOrdering]
    public var limit: SQLExpression?
    public var offset: SQLExpression?

    public init(
        columns: [SQLExpression], from table: String, as alias: String, where filter: SQLExpression? = nil,
        orderBy: [SQLOrdering] = [], limit: SQLExpression? = nil, offset: SQLExpression? = nil
    ) {
        self.columns = columns
        self.table = table
        self.alias = alias
        self.filter = filter
        self.orderBy = orderBy
        self.limit = limit
        self.offset = offset
    }
}

/// One `ORDER BY` term with explicit NULL placement.
public struct SQLOrdering: Sendable, Hashable {
    public let expression: SQLExpression
    public let ascending: Bool
    /// Whether NULL sorts before values (Swift: first ascending, last descending).
    public let nullsFirst: Bool
    /// Whether the expression can be NULL at all. A primary key cannot: its ordering names no NULL
    /// placement, so a database can read it in index order instead of sorting.
    public let mayBeNull: Bool

    public init(_ expression: SQLExpression, ascending: Bool, mayBeNull: Bool = true) {
        self.expression = expression
        self.ascending = ascending
        self.nullsFirst = ascending
        self.mayBeNull = mayBeNull
    }
}
