import StrataCore

/// Translates a `#Predicate` and `SortDescriptor`s over one entity into SQL for one dialect.
///
/// The result selects exactly the rows for which Swift's `Predicate.evaluate` is true (see
/// docs/semantics.md); what SQL cannot answer the same way is reported, never approximated:
/// ```swift
/// let translator = SQLQueryTranslator(schema: schema, entity: pets, dialect: SQLiteDialect(), storeIdentifier: id)
/// let filter = try translator.filter(#Predicate<Pet> { $0.owner?.name != "Ann" })
/// // ((SELECT "t1"."name" FROM "Owner" AS "t1" WHERE ("t1"."_pk" = "t0"."owner")) IS NOT ?)
/// ```
public struct SQLQueryTranslator {
    public let schema: Schema
    /// The entity the query selects from.
    public let entity: Schema.Entity
    public let dialect: any SQLDialect
    /// The store whose identifiers' primary keys are rows of this database.
    public let storeIdentifier: String
    /// The alias of ``entity``'s table in the statement the filter goes into.
    public let alias: String

    /// Creates a translator for queries of `entity`, whose table the statement names `alias`.
    /// Subqueries use the aliases `t1`, `t2`, … (skipping `alias`).
    public init(schema: Schema, entity: Schema.Entity, dialect: any SQLDialect, storeIdentifier: String, alias: String = "t0") {
        self.schema = schema
        self.entity = entity
        self.dialect = dialect
        self.storeIdentifier = storeIdentifier
        self.alias = alias
    }

    /// The `WHERE` condition selecting the rows `predicate` is true for.
    ///
    /// A row where Swift's evaluation throws (a forced unwrap of nil) never matches.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when any part of the predicate has no SQL
    ///   form that gives Swift's answer on every row.
    public func filter<T: PersistentModel>(_ predicate: Predicate<T>) throws -> SQLExpression {
        guard Schema.entityName(for: T.self) == entity.name else { throw DataStoreError.preferInMemoryFilter }
        let context = TranslationContext(schema: schema, dialect: dialect, storeIdentifier: storeIdentifier, rootAlias: alias)
        return try context.binding(predicate.variable.key, to: context.row(of: entity, alias: alias)) {
            try context.condition(predicate.expression).trueWithoutError
        }
    }
}

extension SQLOperand {
    /// The condition that this condition is true and evaluating it in Swift does not throw.
    var trueWithoutError: SQLExpression {
        guard let error else { return sql }
        return .binary(sql, "AND", .prefix("NOT", error))
    }
}
