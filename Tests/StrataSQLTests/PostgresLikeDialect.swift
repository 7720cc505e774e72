import StrataCore
import StrataSQL

/// A PostgreSQL-shaped dialect, to show the translation takes every choice from its dialect.
struct PostgresLikeDialect: SQLDialect {
    var name: String { "postgres-like" }
    func placeholder(_ position: Int) -> String { "$\(position)" }
    var maximumBindCount: Int { 4 }
    var maximumIdentifierLength: Int? { 63 }
    var nullSafeEqual: StaticString { "IS NOT DISTINCT FROM" }
    var nullSafeNotEqual: StaticString { "IS DISTINCT FROM" }
    var supportsNullsOrdering: Bool { true }
    var binaryCollation: StaticString? { "C" }
    var supportsReturning: Bool { true }
    var keyColumnType: StaticString { "BIGINT" }
    func columnType(for storage: StorageType) -> StaticString { "TEXT" }

    func position(of needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression {
        .function("strpos", [haystack, needle])
    }

    func length(of string: SQLExpression) -> SQLExpression { .function("char_length", [string]) }

    func window(limit: SQLExpression?, offset: SQLExpression?) -> [(keyword: StaticString, value: SQLExpression)] {
        [limit.map { ("LIMIT", $0) }, offset.map { ("OFFSET", $0) }].compactMap { $0 }
    }

    func isNotNaN(_ number: SQLExpression) -> SQLExpression? {
        .binary(number, "IS DISTINCT FROM", .keyword("'NaN'::float8"))
    }
}

/// A dialect that does not say how it stores NaN (the protocol's default).
struct NaNUnawareDialect: SQLDialect {
    private let base = SQLiteDialect()
    var name: String { "nan-unaware" }
    func placeholder(_ position: Int) -> String { base.placeholder(position) }
    var maximumBindCount: Int { base.maximumBindCount }
    var maximumIdentifierLength: Int? { nil }
    var nullSafeEqual: StaticString { base.nullSafeEqual }
    var nullSafeNotEqual: StaticString { base.nullSafeNotEqual }
    var supportsNullsOrdering: Bool { false }
    var binaryCollation: StaticString? { nil }
    var supportsReturning: Bool { true }
    var keyColumnType: StaticString { base.keyColumnType }
    func columnType(for storage: StorageType) -> StaticString { base.columnType(for: storage) }
    func position(of needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression { base.position(of: needle, in: haystack) }
    func length(of string: SQLExpression) -> SQLExpression { base.length(of: string) }
    func window(limit: SQLExpression?, offset: SQLExpression?) -> [(keyword: StaticString, value: SQLExpression)] {
        base.window(limit: limit, offset: offset)
    }
}
