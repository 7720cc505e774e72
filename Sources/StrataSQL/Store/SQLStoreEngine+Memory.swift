import StrataCore

/// Plans whose predicate or sort SQL answers only in part: SQL selects a superset of the
/// matching rows (the conjuncts it translates), Swift evaluates the whole predicate on the
/// models of those rows, sorts what SQL could not, and applies the window.
extension SQLStoreEngine {
    /// The first page a limited read asks for, at least; see ``nextPageSize(after:read:found:wanted:)``.
    public static let firstPageSize = 32

    /// The rows of a plan that leaves part of its descriptor to Swift, in the descriptor's order
    /// and window. Related rows the predicate or sort reaches are read by key as needed.
    /// - Throws: the connection's error.
    func rowsEvaluatedInMemory<T: PersistentModel>(_ plan: SQLFetchPlan<T>, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        let descriptor = plan.descriptor
        var lookupFailure: (any Error)?
        let graph = ModelGraph(schema: schema) { identifier in
            do {
                return try self.storedSnapshots(for: [identifier], withToMany: true, on: connection)[identifier]
            } catch {
                lookupFailure = lookupFailure ?? error
                return nil
            }
        }
        var rows = try plan.readsPages ? readMatchingPages(plan, graph: graph, on: connection) : matching(readRows(plan, on: connection), plan, graph)
        if plan.sortsInMemory { rows = graph.sort(rows, by: descriptor.sortBy) }
        // A related row that could not be read would make the evaluation wrong, not just slow.
        if let lookupFailure { throw lookupFailure }
        return FetchEvaluator.window(rows, offset: descriptor.fetchOffset, limit: descriptor.fetchLimit)
    }

    /// Reads pages of rows in the plan's SQL order until `offset + limit` of them match (or
    /// the rows run out): a limit after a Swift filter without reading every candidate row.
    private func readMatchingPages<T: PersistentModel>(_ plan: SQLFetchPlan<T>, graph: ModelGraph, on connection: some SQLConnection) throws -> [DefaultSnapshot] {
        let (sum, overflow) = max(plan.descriptor.fetchOffset ?? 0, 0).addingReportingOverflow(max(plan.descriptor.fetchLimit ?? 0, 0))
        let wanted = overflow ? Int.max : sum
        var found: [DefaultSnapshot] = []
        var read = 0
        var pageSize = max(wanted, Self.firstPageSize)
        while found.count < wanted {
            let page = try readRows(plan, page: (read, pageSize), on: connection)
            found += matching(page, plan, graph)
            guard page.count == pageSize else { break }
            read += page.count
            pageSize = Self.nextPageSize(after: pageSize, read: read, found: found.count, wanted: wanted)
        }
        return found
    }

    /// The next page: twice the rows the matches so far suggest are still needed, and at least
    /// twice the last page (eight times while nothing matched). Every page runs the sorted query
    /// again, so a sparse filter must reach its rows in a few pages, not in many small ones.
    static func nextPageSize(after last: Int, read: Int, found: Int, wanted: Int) -> Int {
        let stillNeeded = found == 0 ? 4 * Double(last) : Double(wanted - found) * Double(read) / Double(found)
        return Int(min(2 * max(Double(last), stillNeeded), Double(Int.max / 2)))
    }

    /// The rows for which the plan's predicate is true in Swift, when SQL did not answer all of it.
    private func matching<T: PersistentModel>(_ rows: [DefaultSnapshot], _ plan: SQLFetchPlan<T>, _ graph: ModelGraph) -> [DefaultSnapshot] {
        guard plan.filtersInMemory, let predicate = plan.descriptor.predicate else { return rows }
        return graph.filter(rows, by: predicate)
    }
}
