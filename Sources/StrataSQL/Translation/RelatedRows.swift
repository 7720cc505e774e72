import StrataCore

/// The rows of a to-many relationship of one owner row, as a table scan with a fresh alias.
struct RelatedRows {
    let destination: Schema.Entity
    let alias: String
    /// Links a destination row to the owner (through the inverse column or the join table).
    let link: SQLExpression
    /// Errors evaluating the owner.
    let error: SQLExpression?

    /// `SELECT columns FROM destination WHERE link [AND condition]`.
    func select(_ columns: [SQLExpression], where condition: SQLExpression? = nil) -> SQLSelect {
        SQLSelect(columns: columns, from: SQLNames.table(destination), as: alias, where: .joined([link, condition], by: "AND"))
    }

    /// Whether some related row satisfies `condition` (any row when `nil`).
    func exist(where condition: SQLExpression? = nil) -> SQLExpression {
        .exists(select([.keyword("1")], where: condition))
    }

    /// `relationship.count`.
    var count: SQLOperand {
        SQLOperand(
            sql: .subquery(select([.function("COUNT", [.keyword("*")])])), error: error,
            kind: .value(.integer, .ordered), isNullable: false)
    }

    /// `relationship.isEmpty`.
    var isEmpty: SQLOperand { .condition(.prefix("NOT", exist()), error: error) }

    /// A destination row in scope, for the test of `contains(where:)` and `allSatisfy`.
    func row(in context: TranslationContext) -> SQLOperand { context.row(of: destination, alias: alias) }
}

extension TranslationContext {
    /// The rows of `relationship` (to-many, of `owner`) related to the row whose key is `model.sql`.
    /// - Throws: ``DataStoreError/preferInMemoryFilter`` when the schema does not describe the rows.
    func relatedRows(of model: SQLOperand, owner: Schema.Entity, _ relationship: Schema.Relationship) throws -> RelatedRows {
        guard let destination = schema.entitiesByName[relationship.destination] else { throw DataStoreError.preferInMemoryFilter }
        let alias = freshAlias()
        let key = SQLExpression.column(table: alias, name: SQLNames.primaryKey)
        let link: SQLExpression
        switch SQLNames.storage(of: relationship, in: owner, schema: schema) {
        case .foreignKey:
            throw DataStoreError.preferInMemoryFilter
        case .inverseForeignKey(_, let column):
            link = .binary(.column(table: alias, name: column), "=", model.sql)
        case .joinTable(let name, let ownerColumn, let targetColumn):
            let join = freshAlias()
            link = .binary(key, "IN", .subquery(SQLSelect(
                columns: [.column(table: join, name: targetColumn)], from: name, as: join,
                where: .binary(.column(table: join, name: ownerColumn), "=", model.sql))))
        }
        return RelatedRows(destination: destination, alias: alias, link: link, error: model.error)
    }
}
