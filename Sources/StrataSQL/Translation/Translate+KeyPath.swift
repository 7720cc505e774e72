import StrataCore
import Synchronization

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
        if Self.isPersistentModelID(keyPath, of: entity.modelType) {
            result = SQLOperand(sql: model.sql, error: model.error, kind: .key(entity), isNullable: model.isNullable)
        } else if let attribute = entity.storedAttributes.first(where: { $0.keyPath == keyPath }) {
            let semantics = attribute.codec == nil ? .opaque : ValueSemantics(of: attribute.valueType)
            result = SQLOperand(
                sql: column(SQLNames.column(attribute), of: model, entity: entity, alias: alias), error: model.error,
                kind: .value(attribute.storageType, semantics), isNullable: attribute.isOptional || model.isNullable)
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

    /// Whether `keyPath` is `\Model.persistentModelID` of `modelType`.
    static func isPersistentModelID(_ keyPath: AnyKeyPath, of modelType: any PersistentModel.Type) -> Bool {
        type(of: keyPath).valueType == PersistentIdentifier.self && keyPath == Self.persistentModelIDKeyPath(of: modelType)
    }

    /// `\Model.persistentModelID`, made once per model type: making a key path instantiates it
    /// from its pattern, the costliest step of translating `$0.persistentModelID == id`.
    private static func persistentModelIDKeyPath(of modelType: any PersistentModel.Type) -> AnyKeyPath {
        let key = ObjectIdentifier(modelType)
        if let made = persistentModelIDKeyPaths.withLock({ $0[key] }) { return made.keyPath }
        func make<Model: PersistentModel>(_: Model.Type) -> AnyKeyPath { \Model.persistentModelID }
        let keyPath = make(modelType)
        persistentModelIDKeyPaths.withLock { $0[key] = ImmutableKeyPath(keyPath: keyPath) }
        return keyPath
    }

    private static let persistentModelIDKeyPaths = Mutex<[ObjectIdentifier: ImmutableKeyPath]>([:])
}

/// A key path shared between threads: key paths are immutable once made.
private struct ImmutableKeyPath: @unchecked Sendable {
    let keyPath: AnyKeyPath
}
