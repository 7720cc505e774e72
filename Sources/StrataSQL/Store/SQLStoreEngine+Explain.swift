import StrataCore

/// What a SQL store tells ``DataStoreExplaining``: the plan the engine would run, as text.
extension SQLStoreEngine {
    /// How the engine runs a plan: the statement it sends (its first page when it reads in
    /// pages), the predicate's conjuncts and the sort descriptors with where each runs, and
    /// where the window applies.
    /// - Parameters:
    ///   - evaluator: who runs it, as the explanation names it (`SQLiteStore`).
    ///   - showingValues: whether the statement's bound values are listed.
    public func explain<T: PersistentModel>(_ plan: SQLFetchPlan<T>, evaluator: String, showingValues: Bool) -> FetchExplanation {
        let descriptor = plan.descriptor
        let describer = PredicateDescriber(schema: schema, showsValues: showingValues)
        let statement = statement(plan, page: plan.readsPages ? (0, Self.firstPageSize) : nil)
        let inStore: (Bool) -> FetchExplanation.Placement = { $0 ? .store : .memory }
        let window: FetchExplanation.Placement = plan.readsPages ? .pages : inStore(!plan.evaluatesInMemory)
        return FetchExplanation(
            entityName: plan.mapping.entity.name, evaluator: evaluator,
            statements: [FetchExplanation.Statement(
                text: statement.text, bindCount: statement.binds.count,
                binds: showingValues ? statement.binds.map { String(describing: $0) } : nil)],
            predicate: zip(descriptor.predicate.map { describer.describe($0) } ?? [], plan.filter?.translated ?? []).map { text, translated in
                FetchExplanation.Part(text, inStore(translated))
            },
            sort: descriptor.sortBy.map { FetchExplanation.Part(describer.describe($0), inStore(!plan.sortsInMemory)) },
            limit: descriptor.fetchLimit.map { _ in window },
            offset: descriptor.fetchOffset.map { _ in plan.evaluatesInMemory ? .memory : .store },
            notes: notes(plan))
    }

    private func notes<T>(_ plan: SQLFetchPlan<T>) -> [String] {
        var notes: [String] = []
        if plan.readsPages {
            notes.append("rows are read in SQL's order, \(Self.firstPageSize) or more at a time (LIMIT/OFFSET per page, each page larger as the match rate suggests), until offset + limit of them match in Swift")
        }
        if plan.filtersInMemory {
            notes.append("Swift evaluates the whole predicate on the rows SQL selects; related rows it reaches are read by key")
        }
        let toMany = mappings[plan.mapping.entity.name]?.toMany.map(\.name) ?? []
        if plan.purpose == .snapshots, !toMany.isEmpty {
            notes.append(plan.mapping.leavesToManyUnloaded
                ? "to-many relationships (\(toMany.joined(separator: ", "))) are not read with the rows: a model's loads with one SELECT when first used"
                : "to-many relationships (\(toMany.joined(separator: ", "))) are read with the rows, for Swift's evaluation")
        }
        if keyOrderIsLeftToMemory(plan, page: nil), plan.descriptor.sortBy.isEmpty {
            notes.append("rows are put in key (insertion) order in memory")
        }
        return notes
    }
}
