import StrataCore

/// `string.contains(needle)` as the dialect's position search: case-sensitive, and `%`, `_`, `\`
/// are ordinary characters (no `LIKE`).
///
/// The search is by code point over NFC text, Swift's by `Character`; they agree except where a
/// match would split a grapheme cluster (a needle ending before a combining mark that has no
/// precomposed form, part of an emoji sequence, `"\r"` of `"\r\n"`).
extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable where Base: SQLTranslatable, Other: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let (haystack, needle) = try context.stringSearch(base.translate(in: context), other.translate(in: context))
        return .condition(.binary(context.dialect.position(of: needle.sql, in: haystack.sql), ">", .keyword("0")),
                          error: .anyError(haystack.error, needle.error))
    }
}

/// `string.starts(with: prefix)`: the prefix is found at position 1 (same caveats as `contains`).
extension PredicateExpressions.SequenceStartsWith: SQLTranslatable where Base: SQLTranslatable, Prefix: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let (haystack, needle) = try context.stringSearch(base.translate(in: context), prefix.translate(in: context))
        return .condition(.binary(context.dialect.position(of: needle.sql, in: haystack.sql), "=", .keyword("1")),
                          error: .anyError(haystack.error, needle.error))
    }
}

extension TranslationContext {
    /// Checks a string search: a string haystack and a captured string needle the dialect can
    /// search for (``SQLDialect/canSearch(for:)``).
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` otherwise.
    func stringSearch(_ haystack: SQLOperand, _ needle: SQLOperand) throws -> (SQLOperand, SQLOperand) {
        guard try haystack.storage(atLeast: .ordered) == .string, try needle.storage(atLeast: .ordered) == .string,
              let text = needle.constant.flatMap(unwrappedOptional) as? String, dialect.canSearch(for: text)
        else { throw DataStoreError.preferInMemoryFilter }
        return (haystack, needle)
    }
}
