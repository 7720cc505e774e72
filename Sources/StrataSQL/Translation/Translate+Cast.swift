import StrataCore

// `$0 is Truck` and `$0 as? Truck` over a model of a class hierarchy, answered by the
// discriminator of the row's table (``SQLNames/discriminator``; NULL for the root's rows).

/// `x is Desired` for a model `x`: true for rows of `Desired`'s entity and its subentities.
extension PredicateExpressions.TypeCheck: SQLTranslatable where Input: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let input = try self.input.translate(in: context)
        return .condition(try context.isKind(input, of: Desired.self), error: input.error)
    }
}

/// `x as? Desired` for a model `x`: the row when it is a `Desired`, else nil. Its properties are
/// read by key, so a failed cast reads NULL for each of them, as Swift's optional chaining does.
extension PredicateExpressions.ConditionalCast: SQLTranslatable where Input: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let input = try self.input.translate(in: context)
        let desired = try context.entity(of: Desired.self)
        let isKind = try context.isKind(input, of: Desired.self)
        return SQLOperand(
            sql: .caseWhen([SQLCaseBranch(when: isKind, then: input.sql)], otherwise: .keyword("NULL")), error: input.error,
            kind: .model(desired, alias: nil), isNullable: true)
    }
}

extension TranslationContext {
    /// The entity of a model type the predicate names.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for a type that is not one of the schema's models.
    func entity(of type: Any.Type) throws -> Schema.Entity {
        guard let model = type as? any PersistentModel.Type, let entity = schema.entity(for: model) else {
            throw DataStoreError.preferInMemoryFilter
        }
        return entity
    }

    /// A two-valued condition: whether the model `input` stands for is of `type`'s class.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` unless `input` is a model and `type` a model of the schema.
    func isKind(_ input: SQLOperand, of type: Any.Type) throws -> SQLExpression {
        guard case .model(let entity, let alias) = input.kind else { throw DataStoreError.preferInMemoryFilter }
        let desired = try self.entity(of: type)
        let present: SQLExpression = input.isNullable ? .postfix(input.sql, "IS NOT NULL") : .binary(.keyword("1"), "=", .keyword("1"))
        if entity.isKind(of: desired) { return present }
        guard desired.isKind(of: entity) else { return .binary(.keyword("1"), "=", .keyword("0")) }
        let discriminator: SQLExpression
        if let alias {
            discriminator = .column(table: alias, name: SQLNames.discriminator)
        } else {
            let inner = freshAlias()
            discriminator = .subquery(SQLSelect(
                columns: [.column(table: inner, name: SQLNames.discriminator)], from: SQLNames.table(entity), as: inner,
                where: .binary(.column(table: inner, name: SQLNames.primaryKey), "=", input.sql)))
        }
        // NULL (a root row, or no row) is never a subentity: `IS NOT NULL` keeps the condition two-valued.
        return .binary(
            .postfix(discriminator, "IS NOT NULL"), "AND",
            .binary(discriminator, "IN", .list(desired.selfAndSubentities.map { .bind(.string($0.name)) })))
    }
}
