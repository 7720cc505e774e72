import StrataCore

/// `x ?? d` as `COALESCE`; `d` is evaluated (and may throw) only when `x` is nil.
extension PredicateExpressions.NilCoalesce: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let lhs = try self.lhs.translate(in: context)
        let rhs = try self.rhs.translate(in: context)
        _ = try (lhs.storage(atLeast: .equatable), rhs.storage(atLeast: .equatable))
        guard !rhs.isNaNConstant else { throw DataStoreError.preferInMemoryFilter }
        let error = SQLExpression.anyError(lhs.error, rhs.error.map { .binary(.postfix(lhs.sql, "IS NULL"), "AND", $0) })
        var result = rhs
        result.sql = .function("COALESCE", [lhs.sql, rhs.sql])
        result.error = error
        result.constant = nil
        result.nullWhenNull = nil
        return result
    }
}

/// `x!`: the value of `x`; evaluating it throws where `x` is nil, so such rows never match (all
/// rows, when `x` is a captured nil).
extension PredicateExpressions.ForcedUnwrap: SQLTranslatable where Inner: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        var inner = try self.inner.translate(in: context)
        guard inner.kind.isScalar || inner.kind.isIdentifier else { throw DataStoreError.preferInMemoryFilter }
        if inner.isNullable { inner.error = .anyError(inner.error, inner.knownNil == true ? .true : .postfix(inner.sql, "IS NULL")) }
        inner.isNullable = false
        inner.nullWhenNull = nil
        return inner
    }
}

/// `x?.member` / `x.flatMap { … }`: the transform with its variable standing for the unwrapped
/// `x`; nil when `x` is nil. Reads through a to-one link are NULL by themselves when the link is.
extension PredicateExpressions.OptionalFlatMap: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let wrapped = try self.wrapped.translate(in: context)
        guard wrapped.kind.isScalar else { throw DataStoreError.preferInMemoryFilter }
        var unwrapped = wrapped
        (unwrapped.error, unwrapped.isNullable, unwrapped.nullWhenNull) = (nil, false, nil)
        var result = try context.binding(variable.key, to: unwrapped) { try transform.translate(in: context) }
        guard result.kind.isScalar else { throw DataStoreError.preferInMemoryFilter }
        let isPresent = SQLExpression.postfix(wrapped.sql, "IS NOT NULL")
        result.error = .anyError(wrapped.error, result.error.map { .binary(isPresent, "AND", $0) })
        if wrapped.isNullable && result.nullWhenNull != wrapped.sql {
            result.sql = .caseWhen([SQLCaseBranch(when: .postfix(wrapped.sql, "IS NULL"), then: .keyword("NULL"))], otherwise: result.sql)
        }
        result.isNullable = result.isNullable || wrapped.isNullable
        result.isCondition = false
        result.constant = nil
        result.nullWhenNull = wrapped.nullWhenNull
        return result
    }
}
