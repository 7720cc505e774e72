import StrataCore

/// SQLite's SQL: `?` placeholders, `IS` / `IS NOT`, BINARY collation by default.
///
/// SQLite already sorts NULL first ascending and last descending, as Swift does.
public struct SQLiteDialect: SQLDialect {
    public init() {}

    public var name: String { "sqlite" }
    /// `?`, which SQLite numbers one past the previous parameter: the serializer writes binds in
    /// order, so that is `position`. Not `?NNN`: preparing a statement looks each numbered
    /// parameter up in a list of those before it, so a 10,000-key statement cost SQLite ~50 ms
    /// to prepare (a batch delete of 10,000 parents with 5 children each: 0.53 s, now 0.08 s).
    public func placeholder(_ position: Int) -> String { "?" }
    /// `SQLITE_MAX_VARIABLE_NUMBER` in SQLite 3.32 and later.
    public var maximumBindCount: Int { 32_766 }
    public var maximumIdentifierLength: Int? { nil }
    public var nullSafeEqual: StaticString { "IS" }
    public var nullSafeNotEqual: StaticString { "IS NOT" }
    public var supportsNullsOrdering: Bool { false }
    public var binaryCollation: StaticString? { nil }
    public var supportsReturning: Bool { true }
    public var keyColumnType: StaticString { "INTEGER" }

    /// `Double` and `Float` columns are declared without a type (BLOB affinity): a REAL column
    /// stores integral values as integers and so turns `-0.0` into `0`.
    public func columnType(for storage: StorageType) -> StaticString {
        switch storage {
        case .bool, .integer: return "INTEGER"
        case .double: return ""
        case .date: return "REAL"
        case .string, .decimal: return "TEXT"
        case .data, .uuid, .codable: return "BLOB"
        }
    }

    public func position(of needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression {
        .function("instr", [haystack, needle])
    }

    public func length(of string: SQLExpression) -> SQLExpression {
        .function("length", [string])
    }

    /// The SQL function, registered on every connection Strata's SQLite store opens, that
    /// answers `localizedStandardContains` by calling Foundation's (`haystack, needle`; 1 or 0,
    /// NULL when either is NULL).
    public static let localizedStandardContainsFunction: StaticString = "strata_localized_standard_contains"

    /// A call of ``localizedStandardContainsFunction``: SQLite's own `lower` and `LIKE` fold
    /// ASCII letters only, so the store asks Foundation instead.
    public func localizedStandardContains(_ needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression? {
        .function(Self.localizedStandardContainsFunction, [haystack, needle])
    }

    /// Strata's SQLite store writes NaN as the TEXT `'NaN'` (SQLite turns a bound NaN into NULL);
    /// TEXT sorts after every number, as Strata's rule wants.
    public func isNotNaN(_ number: SQLExpression) -> SQLExpression? {
        .binary(.function("typeof", [number]), "<>", .keyword("'text'"))
    }

    /// Every SQLite table without `WITHOUT ROWID` numbers its rows in insertion order.
    public func insertionOrder(alias: String) -> SQLExpression? {
        .column(table: alias, name: "rowid")
    }

    public func window(limit: SQLExpression?, offset: SQLExpression?) -> [(keyword: StaticString, value: SQLExpression)] {
        switch (limit, offset) {
        case (nil, nil): return []
        case (let limit?, nil): return [("LIMIT", limit)]
        case (nil, let offset?): return [("LIMIT", .keyword("-1")), ("OFFSET", offset)]
        case (let limit?, let offset?): return [("LIMIT", limit), ("OFFSET", offset)]
        }
    }
}
