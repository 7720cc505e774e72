import StrataCore

/// What SQL can answer of a predicate: a `WHERE` condition, and which of the predicate's
/// conjuncts (``Predicate/conjuncts``) it holds.
public struct SQLPartialFilter: Sendable {
    /// A condition every row the predicate matches satisfies — exactly those rows when
    /// ``isExact`` — or nil when no conjunct translates.
    public let condition: SQLExpression?
    /// For each conjunct, in order, whether `condition` answers it; the others are left to Swift.
    public let translated: [Bool]

    /// Whether `condition` selects exactly the rows the predicate matches.
    public var isExact: Bool { !translated.contains(false) }
}

extension SQLQueryTranslator {
    /// The whole predicate as SQL when it translates (``filter(_:)``); otherwise the conjuncts
    /// that translate, each on its own, joined by `AND`.
    ///
    /// A row matches exactly when every conjunct is true, so those conjuncts select a superset
    /// of the matches: the store evaluates the whole predicate in Swift on it, and the result
    /// keeps Swift's meaning, short-circuit and forced unwraps included. A conjunct's row where
    /// Swift would throw is left out, as it never matches.
    /// - Throws: nothing but the errors of ``filter(_:)`` other than ``DataStoreError/preferInMemoryFilter``.
    public func partialFilter<T: PersistentModel>(_ predicate: Predicate<T>) throws -> SQLPartialFilter {
        let conjuncts = predicate.conjuncts
        do {
            return SQLPartialFilter(condition: try filter(predicate), translated: Array(repeating: true, count: conjuncts.count))
        } catch DataStoreError.preferInMemoryFilter {}
        guard Schema.entityName(for: T.self) == entity.name else {
            return SQLPartialFilter(condition: nil, translated: Array(repeating: false, count: conjuncts.count))
        }
        let context = TranslationContext(schema: schema, dialect: dialect, storeIdentifier: storeIdentifier, rootAlias: alias)
        let conditions = try context.binding(predicate.variable.key, to: context.row(of: entity, alias: alias)) {
            try conjuncts.map { conjunct -> SQLExpression? in
                do {
                    return try context.condition(conjunct).trueWithoutError
                } catch DataStoreError.preferInMemoryFilter {
                    return nil
                }
            }
        }
        // One flat AND: a chain of thousands of conjuncts must not nest a parenthesis per term.
        let condition = SQLExpression.joined(conditions.compactMap { $0 }, by: "AND")
        return SQLPartialFilter(condition: condition, translated: conditions.map { $0 != nil })
    }
}
