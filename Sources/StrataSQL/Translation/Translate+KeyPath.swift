import StrataCore

extension PredicateExpressions.Variable: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        try context.operand(for: key)
    }
}

/// `$0.property`, one component at a time: a column of a row in scope, a scalar subquery through
/// a to-one link, a to-many relationship, or `isEmpty` / `count` of a string or a relationship.
extension PredicateExpressions.KeyPath: SQLTranslatable where Root: SQLTranslatable {
    func translate(in context: TranslationContext) throws -> SQLOperand {
        let root = try self.root.translate(in: context)
        switch (root.kind, kind) {
        case (.model(let entity, let alias), _):
            return try context.member(keyPath, of: root, entity: entity, alias: alias)
        case (.toMany(let owner, let relationship), .collectionCount?):
            return try context.relatedRows(of: root, owner: owner, relationship).count
        case (.toMany(let owner, let relationship), .collectionIsEmpty?):
            return try context.relatedRows(of: root, owner: owner, relationship).isEmpty
        case (.value(.string, _), .collectionIsEmpty?):
            return .condition(.binary(root.sql, "=", .bind(.string(""))), error: root.error)
        default:
            // String.count counts Characters, SQL counts code points; other members have no column.
            throw DataStoreError.preferInMemoryFilter
        }
    }
}

extension TranslationContext {
    /// A stored property or `persistentModelID` of a model row.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for transient or computed properties.
    func member(_ keyPath: AnyKeyPath, of model: SQLOperand, entity: Schema.Entity, alias: String?) throws -> SQLOperand {
        var result: SQLOperand
        if IdentifierLookup.isPersistentModelID(keyPath, of: entity.modelType) {
            result = SQLOperand(sql: model.sql, error: model.error, kind: .key(entity), isNullable: model.isNullable)
        } else if let attribute = entity.storedAttributes.first(where: { $0.keyPath == keyPath }) {
            result = SQLOperand(
                sql: column(SQLNames.column(attribute), of: model, entity: entity, alias: alias), error: model.error,
                kind: .value(attribute.storageType, ValueSemantics(of: attribute)), isNullable: attribute.isOptional || model.isNullable)
        } else if let relationship = entity.relationships.first(where: { $0.keyPath == keyPath }),
                  let destination = schema.entitiesByName[relationship.destination] {
            guard relationship.isToOneRelationship else {
                return SQLOperand(
                    sql: model.sql, error: model.error, kind: .toMany(owner: entity, relationship), isNullable: false)
            }
            result = SQLOperand(
                sql: column(SQLNames.column(relationship), of: model, entity: entity, alias: alias), error: model.error,
                kind: .model(destination, alias: nil), isNullable: relationship.isOptional || model.isNullable)
        } else {
            throw DataStoreError.preferInMemoryFilter
        }
        result.nullWhenNull = model.sql
        return result
    }

    /// A column of the row: qualified when the row is in scope, else read by its key.
    private func column(_ name: String, of model: SQLOperand, entity: Schema.Entity, alias: String?) -> SQLExpression {
        if let alias { return .column(table: alias, name: name) }
        let inner = freshAlias()
        return .subquery(SQLSelect(
            columns: [.column(table: inner, name: name)], from: SQLNames.table(entity), as: inner,
            where: .binary(.column(table: inner, name: SQLNames.primaryKey), "=", model.sql)))
    }
}
