import StrataCore
import StrataSQL

/// A real dialect with one choice changed, to show the translation takes that choice from its
/// dialect: a smaller bind limit (so `IN` lists split), or no NaN knowledge (the protocol's default).
struct AdjustedDialect: SQLDialect {
    let base: any SQLDialect
    var maximumBindCount: Int
    /// Whether the dialect says how its database stores NaN.
    var knowsNaN = true

    /// PostgreSQL with at most four binds per statement.
    static let fourBinds = AdjustedDialect(base: PostgresDialect(), maximumBindCount: 4)
    /// SQLite without ``SQLDialect/isNotNaN(_:)``.
    static let nanUnaware = AdjustedDialect(base: SQLiteDialect(), maximumBindCount: SQLiteDialect().maximumBindCount, knowsNaN: false)

    var name: String { base.name + "-adjusted" }
    func placeholder(_ position: Int) -> String { base.placeholder(position) }
    var maximumIdentifierLength: Int? { base.maximumIdentifierLength }
    var nullSafeEqual: StaticString { base.nullSafeEqual }
    var nullSafeNotEqual: StaticString { base.nullSafeNotEqual }
    var supportsNullsOrdering: Bool { base.supportsNullsOrdering }
    var binaryCollation: StaticString? { base.binaryCollation }
    var supportsReturning: Bool { base.supportsReturning }
    var keyColumnType: StaticString { base.keyColumnType }
    func columnType(for storage: StorageType) -> StaticString { base.columnType(for: storage) }
    func position(of needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression { base.position(of: needle, in: haystack) }
    func length(of string: SQLExpression) -> SQLExpression { base.length(of: string) }
    func window(limit: SQLExpression?, offset: SQLExpression?) -> [(keyword: StaticString, value: SQLExpression)] {
        base.window(limit: limit, offset: offset)
    }
    func isNotNaN(_ number: SQLExpression) -> SQLExpression? { knowsNaN ? base.isNotNaN(number) : nil }
    func insertionOrder(alias: String) -> SQLExpression? { base.insertionOrder(alias: alias) }
    func canSearch(for needle: String) -> Bool { base.canSearch(for: needle) }
    func localizedStandardContains(_ needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression? {
        base.localizedStandardContains(needle, in: haystack)
    }
    func columnTypesQuery(of table: String) -> SQLStatement { base.columnTypesQuery(of: table) }
}
