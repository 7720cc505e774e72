import StrataCore
import StrataSQL

/// Reads run on a reader connection; a read of several statements (rows and their to-many
/// relationships) runs in one read transaction so it sees one state.
extension SQLiteStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let several = try engine.fetchReadsSeveralStatements(request)
        return try connections.read { connection in
            try connection.consistentRead(needed: several) { try engine.fetch(request, on: connection) }
        }
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        try connections.read { try engine.fetchCount(request, on: $0) }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        try connections.read { try engine.fetchIdentifiers(request, on: $0) }
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        try connections.read { connection in
            try connection.consistentRead(needed: engine.lookupReadsSeveralStatements(persistentIdentifiers)) {
                try engine.cachedSnapshots(for: persistentIdentifiers, on: connection)
            }
        }
    }
}
