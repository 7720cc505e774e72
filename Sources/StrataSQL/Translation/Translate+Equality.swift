import StrataCore

/// `==` and `!=`, null-safe wherever an operand may be nil (Swift: `nil == nil`, `nil != 3`).
extension PredicateExpressions.Equal: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.equality(lhs.translate(in: context), rhs.translate(in: context), negated: false)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable where LHS: SQLTranslatable, RHS: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.equality(lhs.translate(in: context), rhs.translate(in: context), negated: true)
    }
}

extension TranslationContext {
    /// `lhs == rhs`, or `lhs != rhs` when `negated`, as a two-valued condition.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for operands SQL cannot compare as Swift does.
    func equality(_ lhs: SQLOperand, _ rhs: SQLOperand, negated: Bool) throws -> SQLOperand {
        let error = SQLExpression.anyError(lhs.error, rhs.error)
        let constant = { (equal: Bool) in SQLOperand.condition(equal != negated ? .true : .false, error: error) }
        // Captured values and `nil` are the same on every row: answer here, so no NULL of no
        // type reaches the database (PostgreSQL cannot type `$1 IS NULL`).
        if let left = lhs.knownNil, let right = rhs.knownNil, left || right {
            return constant(left == right)
        }
        switch (lhs.kind, rhs.kind) {
        case (_, .nilLiteral), (.nilLiteral, _):
            let other = rhs.kind.isNilLiteral ? lhs : rhs
            guard other.kind.isScalar else { throw DataStoreError.preferInMemoryFilter }
            return .condition(.postfix(other.sql, negated ? "IS NOT NULL" : "IS NULL"), error: error)
        case (.identifier(let left), .identifier(let right)):
            return constant(left == right)
        case (.key(let entity), .identifier(let identifier)), (.identifier(let identifier), .key(let entity)):
            let key = rhs.kind.isIdentifier ? lhs : rhs
            guard let identifier else { return .condition(.postfix(key.sql, negated ? "IS NOT NULL" : "IS NULL"), error: error) }
            guard let bound = primaryKey(of: identifier, in: entity) else { return constant(false) }
            return compare(key, SQLOperand(sql: .bind(bound), error: nil, kind: .key(entity), isNullable: false), negated: negated, error: error)
        case (.key(let left), .key(let right)), (.model(let left, _), .model(let right, _)):
            guard left === right else { throw DataStoreError.preferInMemoryFilter }
            return compare(lhs, rhs, negated: negated, error: error)
        case (.value(let storage, _), .value):
            _ = try (lhs.storage(atLeast: .equatable), rhs.storage(atLeast: .equatable))
            if lhs.isNaNConstant || rhs.isNaNConstant { return constant(false) }
            var equal = compare(lhs, rhs, negated: false, error: error)
            guard storage == .double, lhs.constant == nil, rhs.constant == nil else {
                return compare(lhs, rhs, negated: negated, error: error)
            }
            // Two stored doubles: the NaN representation would equal itself, Swift's NaN does not.
            equal.sql = .binary(equal.sql, "AND", try notNaN(lhs.sql))
            return negated ? .condition(.prefix("NOT", equal.sql), error: error) : equal
        default:
            throw DataStoreError.preferInMemoryFilter
        }
    }

    /// The bind for an identifier's row key, when it names a row of `entity` in this store: one
    /// of `entity` itself or of an entity below it (a `TowTruck` is one of `Transport`'s rows).
    func primaryKey(of identifier: PersistentIdentifier, in entity: Schema.Entity) -> PersistentValue? {
        guard identifier.entityName == entity.name || (!entity.subentities.isEmpty && entity.selfAndSubentityNames.contains(identifier.entityName)),
              identifier.storeIdentifier == storeIdentifier, let key = identifier.primaryKey.integerValue
        else { return nil }
        return .integer(key)
    }

    /// `=` / `<>`, or the dialect's null-safe operators when either side may be NULL.
    private func compare(_ lhs: SQLOperand, _ rhs: SQLOperand, negated: Bool, error: SQLExpression?) -> SQLOperand {
        let op: StaticString = switch (lhs.isNullable || rhs.isNullable, negated) {
        case (true, false): dialect.nullSafeEqual
        case (true, true): dialect.nullSafeNotEqual
        case (false, false): "="
        case (false, true): "<>"
        }
        return .condition(.binary(lhs.sql, op, rhs.sql), error: error)
    }

    /// A condition true unless `number` is NaN.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the dialect cannot tell.
    func notNaN(_ number: SQLExpression) throws -> SQLExpression {
        guard let condition = dialect.isNotNaN(number) else { throw DataStoreError.preferInMemoryFilter }
        return condition
    }
}

extension SQLOperand.Kind {
    var isNilLiteral: Bool {
        if case .nilLiteral = self { return true }
        return false
    }

    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }

    /// Whether the SQL is one value that may be NULL: a value, a key or a to-one link.
    var isScalar: Bool {
        switch self {
        case .value, .key, .model: return true
        case .toMany, .identifier, .nilLiteral: return false
        }
    }
}
