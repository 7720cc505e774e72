/// Where a to-many relationship's keys are read: the rows of one table, each pairing an owner's
/// key with a target's, in the order the relationship reads back.
struct RelatedKeySource {
    /// The table holding the pairs, and the alias a query gives it.
    let table: String
    let alias: String
    /// The owner's key and the target's, qualified by ``alias``.
    let owner: SQLExpression
    let target: SQLExpression
    /// The order of a relationship's targets: as added where the dialect can tell
    /// (``SQLDialect/insertionOrder(alias:)``), else by key.
    let order: SQLExpression
}

extension RelationshipStorage {
    /// Where this to-many relationship's keys are read, with the table aliased `alias`.
    func keySource(alias: String, dialect: any SQLDialect) -> RelatedKeySource {
        switch self {
        case .inverseForeignKey(let destination, let column):
            let key = SQLExpression.column(table: alias, name: SQLNames.primaryKey)
            return RelatedKeySource(table: destination, alias: alias, owner: .column(table: alias, name: column), target: key, order: key)
        case .joinTable(let name, let owner, let target):
            let targetKey = SQLExpression.column(table: alias, name: target)
            return RelatedKeySource(
                table: name, alias: alias, owner: .column(table: alias, name: owner), target: targetKey,
                order: dialect.insertionOrder(alias: alias) ?? targetKey)
        case .foreignKey:
            preconditionFailure("to-one relationships are columns of the row")
        }
    }
}
