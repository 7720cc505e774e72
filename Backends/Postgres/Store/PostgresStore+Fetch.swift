import StrataCore
import StrataSQL

/// Reads run on a replica's connection, or the primary's, retried once on a fresh connection when it died.
extension PostgresStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let plan = try engine.plan(request, for: .snapshots)
        return try read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) { try self.engine.fetch(plan, on: $0) }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        let plan = try engine.plan(request, for: .count)
        return try read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) { try self.engine.fetchCount(plan, on: $0) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        let plan = try engine.plan(request, for: .identifiers)
        return try read(editingState: request.editingState, severalStatements: plan.readsSeveralStatements) { try self.engine.fetchIdentifiers(plan, on: $0) }
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try read(editingState: editingState, severalStatements: engine.lookupReadsSeveralStatements(persistentIdentifiers)) {
            try self.engine.cachedSnapshots(for: persistentIdentifiers, on: $0)
        }
    }

    public func relatedIdentifiers(
        of owners: [PersistentIdentifier], relationship: String, editingState: EditingState
    ) throws -> [PersistentIdentifier: [PersistentIdentifier]] {
        try read(editingState: editingState, severalStatements: engine.relatedIdentifiersReadSeveralStatements(owners)) {
            try self.engine.relatedIdentifiers(of: owners, relationship: relationship, on: $0)
        }
    }
}
