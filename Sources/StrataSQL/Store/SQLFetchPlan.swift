import StrataCore

/// How ``SQLStoreEngine`` runs one request: the part SQL answers and the part left to Swift.
///
/// | predicate | sort | `WHERE` | `ORDER BY` | `LIMIT` / `OFFSET` | in Swift |
/// | --- | --- | --- | --- | --- | --- |
/// | SQL (or none) | SQL (or none) | all | all | in SQL | nothing |
/// | SQL | memory | all | key | no | sort, window |
/// | partly memory | SQL (or none) | translated conjuncts | all, then key | per page, with a limit | predicate, window |
/// | partly memory | memory | translated conjuncts | key | no | predicate, sort, window |
///
/// A limit after a filter Swift finishes cannot go into SQL as it is: rows are read page by
/// page in SQL's order until `offset + limit` of them match. An offset never runs in SQL once
/// Swift filters or sorts, as it counts matching rows in their final order.
/// Make one with ``SQLStoreEngine/plan(_:for:)``; run it with ``SQLStoreEngine/fetch(_:on:)``,
/// ``SQLStoreEngine/fetchCount(_:on:)`` or ``SQLStoreEngine/fetchIdentifiers(_:on:)``.
public struct SQLFetchPlan<T: PersistentModel>: Sendable {
    /// What a plan reads.
    public enum Purpose: Sendable {
        /// Whole rows (`fetch`): without their to-many relationships when SQL answers the whole
        /// descriptor, with them when Swift evaluates part of it.
        case snapshots
        /// The rows' identifiers (`fetchIdentifiers`).
        case identifiers
        /// How many rows match (`fetchCount`); the sort is dropped, a count does not need it.
        case count
    }

    public let purpose: Purpose
    /// The request's descriptor (for a count, without its sort).
    public let descriptor: FetchDescriptor<T>
    let mapping: EntityMapping
    /// What SQL answers of the predicate; nil without one.
    public let filter: SQLPartialFilter?
    /// The `ORDER BY` terms of the sort; nil when Swift sorts.
    public let ordering: [SQLOrdering]?
    /// The key of the one row a fetch of whole rows by `persistentModelID == identifier` reads
    /// (``SQLStoreEngine/lookedUpKey(_:mapping:purpose:)``): it runs the mapping's by-key
    /// statement, as `model(for:)` does, with nothing to translate or serialize.
    var keyLookup: Int64?

    /// Whether Swift finishes the predicate over the rows SQL selects.
    public var filtersInMemory: Bool { filter.map { !$0.isExact } ?? false }
    /// Whether Swift sorts.
    public var sortsInMemory: Bool { ordering == nil }
    /// Whether any part of the descriptor is evaluated in Swift.
    public var evaluatesInMemory: Bool { filtersInMemory || sortsInMemory }
    /// Whether rows are read page by page in SQL's order until enough match in Swift.
    public var readsPages: Bool { filtersInMemory && !sortsInMemory && descriptor.fetchLimit != nil }
    /// Whether the plan runs several statements — rows read in pages, related rows looked up
    /// for Swift's evaluation, to-many relationships read apart from their rows, prefetched
    /// relationships, class hierarchies resolved — so the backend must run it in one read
    /// transaction.
    public var readsSeveralStatements: Bool {
        switch purpose {
        case _ where evaluatesInMemory: true
        case .snapshots: mapping.readsToManyApart || mapping.resolvesHierarchies || !descriptor.relationshipKeyPathsForPrefetching.isEmpty
        case .identifiers: !mapping.entity.subentities.isEmpty
        case .count: false
        }
    }
}

extension SQLStoreEngine {
    /// Plans a request: translates what SQL can answer and leaves the rest to Swift.
    /// - Throws: ``SwiftDataError/modelNotInSchema``.
    public func plan<T: PersistentModel>(_ request: DataStoreFetchRequest<T>, for purpose: SQLFetchPlan<T>.Purpose) throws -> SQLFetchPlan<T> {
        var descriptor = request.descriptor
        if purpose == .count { descriptor.sortBy = [] }
        let mapping = try mapping(for: T.self)
        let plan = try plan(descriptor, mapping: mapping, for: purpose)
        // Rows go to the context without their to-many relationships, which it loads on first
        // use; Swift's evaluation needs whole rows (a predicate may count a relationship).
        guard purpose == .snapshots, !plan.evaluatesInMemory else { return plan }
        let rows = try rowMapping(mapping.entity.name)
        guard plan.keyLookup == nil else {
            return SQLFetchPlan(
                purpose: purpose, descriptor: descriptor, mapping: rows, filter: plan.filter, ordering: plan.ordering, keyLookup: plan.keyLookup)
        }
        // A partial fetch (`propertiesToFetch`) reads only the columns it names when SQL answers
        // the whole descriptor.
        return SQLFetchPlan(
            purpose: purpose, descriptor: descriptor, mapping: readMapping(for: descriptor, rows),
            filter: plan.filter, ordering: plan.ordering)
    }

    func plan<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, mapping: EntityMapping, for purpose: SQLFetchPlan<T>.Purpose) throws -> SQLFetchPlan<T> {
        if let key = lookedUpKey(descriptor, mapping: mapping, purpose: purpose) {
            let condition = SQLExpression.binary(.column(table: Self.rowAlias, name: SQLNames.primaryKey), "=", .bind(.integer(key)))
            return SQLFetchPlan(
                purpose: purpose, descriptor: descriptor, mapping: mapping, filter: SQLPartialFilter(condition: condition, translated: [true]),
                ordering: [], keyLookup: key)
        }
        let translator = SQLQueryTranslator(schema: schema, entity: mapping.entity, dialect: dialect, storeIdentifier: storeIdentifier, alias: Self.rowAlias)
        let filter = try descriptor.predicate.map { try translator.partialFilter($0) }
        var ordering: [SQLOrdering]?
        do {
            ordering = try translator.ordering(descriptor.sortBy)
        } catch DataStoreError.preferInMemorySort {}
        return SQLFetchPlan(purpose: purpose, descriptor: descriptor, mapping: mapping, filter: filter, ordering: ordering)
    }

    /// The `SELECT` of a plan's rows: the whole descriptor when SQL answers all of it;
    /// otherwise the translated conjuncts and sort, and `page`'s window when reading in pages.
    /// Rows without an `ORDER BY` come in key (insertion) order, by `ORDER BY` or, where
    /// ``keyOrderIsLeftToMemory(_:page:)``, by the caller; a sorted fetch with an offset or in
    /// pages breaks ties by key so pages never overlap. A sorted top-N leaves ties unordered,
    /// which saves the database a sort key.
    func select<T>(_ plan: SQLFetchPlan<T>, columns: [SQLExpression], page: (offset: Int, limit: Int)? = nil) -> SQLSelect {
        let descriptor = plan.descriptor
        let ordering = plan.ordering ?? []
        let byKey = SQLOrdering(.column(table: Self.rowAlias, name: SQLNames.primaryKey), ascending: true, mayBeNull: false)
        return SQLSelect(
            columns: columns, from: plan.mapping.table, as: Self.rowAlias,
            where: .joined([plan.mapping.discriminatorCondition(alias: Self.rowAlias), plan.filter?.condition], by: "AND"),
            orderBy: keyOrderIsLeftToMemory(plan, page: page) ? []
                : ordering.isEmpty || descriptor.fetchOffset != nil || page != nil ? ordering + [byKey] : ordering,
            limit: (plan.evaluatesInMemory ? page?.limit : descriptor.fetchLimit).map { .bind(.integer(Int64(max($0, 0)))) },
            offset: (plan.evaluatesInMemory ? page?.offset : descriptor.fetchOffset).flatMap { $0 > 0 ? .bind(.integer(Int64($0))) : nil })
    }

    /// Whether ``select(_:columns:page:)`` leaves out `ORDER BY` the key, so the rows it
    /// returns must be put in key order in memory (``SQLDialect/ordersUnsortedFetchesInMemory``):
    /// SQL sorts nothing and applies no window.
    func keyOrderIsLeftToMemory<T>(_ plan: SQLFetchPlan<T>, page: (offset: Int, limit: Int)?) -> Bool {
        guard plan.evaluatesInMemory else { return keyOrderIsLeftToMemory(plan.descriptor) }
        return dialect.ordersUnsortedFetchesInMemory && (plan.ordering ?? []).isEmpty && page == nil
    }
}
