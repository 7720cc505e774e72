import StrataCore

/// A piece of SQL as a value. User data only ever enters as ``bind(_:)``; identifiers are
/// quoted by the dialect at serialization; keywords and operators are compile-time strings.
public indirect enum SQLExpression: Sendable, Hashable {
    /// A column, optionally qualified by a table alias.
    case column(table: String?, name: String)
    /// A value sent as a bind parameter.
    case bind(PersistentValue)
    /// A fixed piece of SQL written in this code base (`NULL`, `1`, `COUNT(*)`).
    case keyword(StaticString)
    /// `lhs op rhs`, parenthesized.
    case binary(SQLExpression, StaticString, SQLExpression)
    /// `a op b op c …` for an associative operator (`AND`, `OR`), parenthesized once: a chain of
    /// thousands of terms nests no deeper than a few levels (see ``SQLSerializer``), where nested
    /// ``binary(_:_:_:)`` would overflow SQLite's parser stack at about a hundred.
    case chain(StaticString, [SQLExpression])
    /// `op operand`, parenthesized (`NOT x`, `-x`).
    case prefix(StaticString, SQLExpression)
    /// `operand op`, parenthesized (`x IS NULL`).
    case postfix(SQLExpression, StaticString)
    /// `name(arguments…)`.
    case function(StaticString, [SQLExpression])
    /// `(a, b, c)`, as the right side of `IN`.
    case list([SQLExpression])
    /// `(SELECT …)`.
    case subquery(SQLSelect)
    /// `EXISTS (SELECT …)`.
    case exists(SQLSelect)
    /// `CASE WHEN c1 THEN v1 … ELSE e END`.
    case caseWhen([SQLCaseBranch], otherwise: SQLExpression)
    /// `expression COLLATE "name"`.
    case collate(SQLExpression, StaticString)
    /// `CAST(expression AS type)`.
    case cast(SQLExpression, StaticString)
    /// `(SELECT "column" FROM function(arguments…))`: one column of a table-valued function's rows.
    case selectFromFunction(column: String, function: StaticString, arguments: [SQLExpression])

    /// `TRUE`, spelled as every dialect accepts.
    public static let `true` = SQLExpression.binary(.keyword("1"), "=", .keyword("1"))
    /// `FALSE`, spelled as every dialect accepts.
    public static let `false` = SQLExpression.binary(.keyword("1"), "=", .keyword("0"))
}

/// One `WHEN … THEN …` of a ``SQLExpression/caseWhen(_:otherwise:)``.
public struct SQLCaseBranch: Sendable, Hashable {
    public let condition: SQLExpression
    public let result: SQLExpression

    public init(when condition: SQLExpression, then result: SQLExpression) {
        self.condition = condition
        self.result = result
    }
}

extension StaticString: @retroactive Equatable, @retroactive Hashable {
    public static func == (lhs: StaticString, rhs: StaticString) -> Bool { lhs.description == rhs.description }
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }
}
