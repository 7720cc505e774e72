import StrataCore

/// A `PredicateExpressions` node the SQL translator understands.
///
/// Each supported node conforms conditionally (its operands must conform too), one file per
/// expression family (`Translate+Equality.swift`, …). A predicate whose expression is not
/// `SQLTranslatable`, or whose translation throws, is evaluated in memory instead.
protocol SQLTranslatable {
    /// The node as SQL.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when SQL cannot give Swift's answer.
    func translate(in context: TranslationContext) throws -> SQLOperand
}

/// What translating one predicate needs: the schema, the dialect, the store, the variables in
/// scope, and fresh table aliases for subqueries.
final class TranslationContext {
    let schema: Schema
    let dialect: any SQLDialect
    let storeIdentifier: String
    private let rootAlias: String
    private var aliasCount = 0
    /// The variables in scope, innermost last: a predicate binds one or two, and a dictionary
    /// would allocate storage for every translation.
    private var variables: [(id: PredicateExpressions.VariableID, operand: SQLOperand)] = []

    init(schema: Schema, dialect: any SQLDialect, storeIdentifier: String, rootAlias: String) {
        self.schema = schema
        self.dialect = dialect
        self.storeIdentifier = storeIdentifier
        self.rootAlias = rootAlias
    }

    /// A table alias not used yet in this statement: `t1`, `t2`, …
    func freshAlias() -> String {
        aliasCount += 1
        let alias = "t\(aliasCount)"
        return alias == rootAlias ? freshAlias() : alias
    }

    /// What a variable stands for.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` for a variable not bound by the translator.
    func operand(for variable: PredicateExpressions.VariableID) throws -> SQLOperand {
        guard let bound = variables.last(where: { $0.id == variable }) else { throw DataStoreError.preferInMemoryFilter }
        return bound.operand
    }

    /// Runs `body` with `variable` standing for `operand`.
    func binding<Result>(
        _ variable: PredicateExpressions.VariableID, to operand: SQLOperand, _ body: () throws -> Result
    ) rethrows -> Result {
        variables.append((variable, operand))
        defer { variables.removeLast() }
        return try body()
    }

    /// A row of `entity` in the query's `FROM` scope under `alias`.
    func row(of entity: Schema.Entity, alias: String) -> SQLOperand {
        SQLOperand(
            sql: .column(table: alias, name: SQLNames.primaryKey), error: nil,
            kind: .model(entity, alias: alias), isNullable: false)
    }
}
