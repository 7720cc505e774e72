import StrataCore

/// `string.localizedStandardContains(other)` through the dialect
/// (``SQLDialect/localizedStandardContains(_:in:)``): SQLite calls Foundation's search from SQL;
/// a dialect without such a function leaves it to Swift, never to `lower`/`ILIKE`, whose folding
/// is not Foundation's. Both sides may be any string (a column, a captured value); `%`, `_` and
/// `\` mean themselves, since no `LIKE` pattern is written.
///
/// SQL stores keep text in NFC, so the search runs over NFC text. Foundation's answer for a
/// needle that starts with a combining mark, or that meets an expansion such as `ß` or `ﬁ`, can
/// depend on the normalization form; for other text the two agree.
extension PredicateExpressions.StringLocalizedStandardContains: SQLTranslatable where Root: SQLTranslatable, Other: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let haystack = try root.translate(in: context)
        let needle = try other.translate(in: context)
        guard try haystack.storage(atLeast: .ordered) == .string, try needle.storage(atLeast: .ordered) == .string,
              !haystack.isNullable, !needle.isNullable,
              let sql = context.dialect.localizedStandardContains(needle.sql, in: haystack.sql)
        else { throw DataStoreError.preferInMemoryFilter }
        return .condition(sql, error: .anyError(haystack.error, needle.error))
    }
}
