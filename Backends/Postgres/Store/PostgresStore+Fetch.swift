import StrataCore
import StrataSQL

/// Reads run on a worker's connection, retried once on a fresh connection when it died.
extension PostgresStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        try read(severalStatements: engine.fetchReadsSeveralStatements(request)) { try self.engine.fetch(request, on: $0) }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try read(severalStatements: false) { try self.engine.fetchCount(request, on: $0) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try read(severalStatements: false) { try self.engine.fetchIdentifiers(request, on: $0) }
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try read(severalStatements: engine.lookupReadsSeveralStatements(persistentIdentifiers)) {
            try self.engine.cachedSnapshots(for: persistentIdentifiers, on: $0)
        }
    }
}
