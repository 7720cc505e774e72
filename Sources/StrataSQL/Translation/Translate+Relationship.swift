import StrataCore

/// `$0.toMany.contains { … }` as `EXISTS` over the related rows, the test's variable standing
/// for a related row under a fresh alias.
extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let (rows, test) = try context.relatedRows(sequence.translate(in: context), testing: variable.key, test)
        return .condition(rows.exist(where: test), error: rows.error)
    }
}

/// `$0.toMany.allSatisfy { … }` as `NOT EXISTS` of a related row failing the test.
extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let (rows, test) = try context.relatedRows(sequence.translate(in: context), testing: variable.key, test)
        return .condition(.prefix("NOT", rows.exist(where: .prefix("NOT", test))), error: rows.error)
    }
}

extension TranslationContext {
    /// The related rows of a to-many operand and a per-row test on them.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the sequence is not a to-many
    ///   relationship, or the test can throw (Swift would stop at the first match, in array order).
    func relatedRows(
        _ sequence: SQLOperand, testing variable: PredicateExpressions.VariableID, _ test: some SQLTranslatable
    ) throws -> (RelatedRows, SQLExpression) {
        guard case .toMany(let owner, let relationship) = sequence.kind else { throw DataStoreError.preferInMemoryFilter }
        let rows = try relatedRows(of: sequence, owner: owner, relationship)
        let condition = try binding(variable, to: rows.row(in: self)) { try test.translate(in: self).asCondition() }
        guard condition.error == nil else { throw DataStoreError.preferInMemoryFilter }
        return (rows, condition.sql)
    }
}
