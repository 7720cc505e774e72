import StrataCore
import StrataSQL

extension SQLiteStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let mapping = try mapping(for: T.self)
        let statement = serialize(try select(request.descriptor, mapping: mapping, columns: mapping.selectColumns(alias: Self.rowAlias)))
        let snapshots = try connections.read { connection in
            try connection.transaction(immediate: false) {
                try readSnapshots(statement, mapping: mapping, connection: connection)
            }
        }
        return DataStoreFetchResult(descriptor: request.descriptor, fetchedSnapshots: snapshots)
    }

    public func fetchCount<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> Int {
        let mapping = try mapping(for: T.self)
        var inner = try select(request.descriptor, mapping: mapping, columns: [.keyword("1")])
        inner.orderBy = []
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("SELECT COUNT(*) FROM (")
        serializer.write(inner)
        serializer.write(")")
        let statement = serializer.statement
        return try connections.read { connection in
            try connection.query(statement.text, binds: statement.binds) { Int($0.int64(at: 0)) }.first ?? 0
        }
    }

    public func fetchIdentifiers<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> [PersistentIdentifier] {
        let mapping = try mapping(for: T.self)
        let statement = serialize(try select(request.descriptor, mapping: mapping, columns: [.column(table: Self.rowAlias, name: SQLNames.primaryKey)]))
        return try connections.read { connection in
            try connection.query(statement.text, binds: statement.binds) { self.identifier(mapping.entity.name, $0.int64(at: 0)) }
        }
    }

    public func cachedSnapshots(for persistentIdentifiers: [PersistentIdentifier], editingState: EditingState) throws -> [PersistentIdentifier: DefaultSnapshot] {
        var found: [PersistentIdentifier: DefaultSnapshot] = [:]
        try connections.read { connection in
            try connection.transaction(immediate: false) {
                for (entityName, identifiers) in Dictionary(grouping: persistentIdentifiers, by: \.entityName) {
                    let mapping = try mapping(entityName)
                    let keys = identifiers.filter { $0.storeIdentifier == identifier }.compactMap(\.primaryKey.integerValue)
                    for chunk in keys.chunked(into: Self.keysPerStatement) {
                        let select = SQLSelect(
                            columns: mapping.selectColumns(alias: Self.rowAlias), from: mapping.table, as: Self.rowAlias,
                            where: .binary(.column(table: Self.rowAlias, name: SQLNames.primaryKey), "IN", .list(chunk.map { .bind(.integer($0)) })))
                        for snapshot in try readSnapshots(serialize(select), mapping: mapping, connection: connection) {
                            found[snapshot.persistentIdentifier] = snapshot
                        }
                    }
                }
            }
        }
        return found
    }

    /// How many keys one `IN` list carries.
    static let keysPerStatement = 10_000
}

extension Array {
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
