import StrataCore
import StrataSQL

/// Reads run on a reader connection; a read of several statements (rows and their to-many
/// relationships, or rows finished in Swift) runs in one read transaction so it sees one state.
extension SQLiteStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let plan = try engine.plan(request, for: .snapshots)
        return try read(plan) { try engine.fetch(plan, on: $0) }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        let plan = try engine.plan(request, for: .count)
        return try read(plan) { try engine.fetchCount(plan, on: $0) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        let plan = try engine.plan(request, for: .identifiers)
        return try read(plan) { try engine.fetchIdentifiers(plan, on: $0) }
    }

    private func read<T, Result>(_ plan: SQLFetchPlan<T>, _ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try connections.read { connection in
            try connection.consistentRead(needed: plan.readsSeveralStatements) { try body(connection) }
        }
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try connections.read { connection in
            try connection.consistentRead(needed: engine.lookupReadsSeveralStatements(persistentIdentifiers)) {
                try engine.cachedSnapshots(for: persistentIdentifiers, on: connection)
            }
        }
    }

    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        try connections.read { connection in
            try connection.consistentRead(needed: engine.relatedIdentifiersReadSeveralStatements(owners)) {
                try engine.relatedIdentifiers(of: owners, relationship: relationship, on: connection)
            }
        }
    }
}
