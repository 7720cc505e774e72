import StrataCore

extension SQLQueryTranslator {
    /// `ORDER BY` terms for `sortBy`, in Strata's order (docs/semantics.md, Sorting): nil first
    /// ascending and last descending, strings by code point, NaN after
    /// every number (the dialect's ``SQLDialect/isNotNaN(_:)`` promises its NaN sorts there).
    ///
    /// Supported key paths: a stored attribute of ``entity`` of an integer, `Double`, `Float`,
    /// `String` or `Date` type (optional or not), and `persistentModelID`.
    /// - Throws: ``DataStoreError/preferInMemorySort`` for any other descriptor: comparator-only
    ///   descriptors, paths through relationships, and types whose Swift order is not their
    ///   stored order (`RawRepresentable`, `Decimal`, `UUID`, `URL`, `Codable` values).
    public func ordering<T: PersistentModel>(_ sortBy: [SortDescriptor<T>]) throws -> [SQLOrdering] {
        guard Schema.entityName(for: T.self) == entity.name else { throw DataStoreError.preferInMemorySort }
        return try sortBy.map { descriptor in
            guard let keyPath = descriptor.keyPath else { throw DataStoreError.preferInMemorySort }
            let (expression, mayBeNull) = try orderingExpression(for: keyPath)
            return SQLOrdering(expression, ascending: descriptor.order == .forward, mayBeNull: mayBeNull)
        }
    }

    /// The term a key path sorts by, and whether it can be `NULL`: only an optional attribute
    /// can, and a term that cannot needs no `NULLS FIRST`/`LAST`, which would keep PostgreSQL
    /// from reading an index on the column backwards for a descending sort.
    private func orderingExpression<T: PersistentModel>(for keyPath: PartialKeyPath<T>) throws -> (SQLExpression, mayBeNull: Bool) {
        // Not `keyPath == \T.persistentModelID`: a generic key path literal is built anew at
        // every evaluation, which cost a fifth of planning a small fetch.
        if IdentifierLookup.isPersistentModelID(keyPath, of: T.self) {
            return (.column(table: alias, name: SQLNames.primaryKey), false)
        }
        guard let attribute = entity.storedAttributes.first(where: { $0.keyPath == keyPath }), ValueSemantics(of: attribute) == .ordered else {
            throw DataStoreError.preferInMemorySort
        }
        let column = SQLExpression.column(table: alias, name: SQLNames.column(attribute))
        switch attribute.storageType {
        case .string:
            return (dialect.binaryCollation.map { .collate(column, $0) } ?? column, attribute.isOptional)
        case .double where dialect.isNotNaN(column) == nil:
            throw DataStoreError.preferInMemorySort
        default:
            return (column, attribute.isOptional)
        }
    }
}
