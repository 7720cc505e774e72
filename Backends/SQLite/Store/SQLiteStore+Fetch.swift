import StrataCore
import StrataSQL

extension SQLiteStore {
    public func fetch<T: PersistentModel>(_ request: DataStoreFetchRequest<T>) throws -> DataStoreFetchResult<T, DefaultSnapshot> {
        let mapping = try mapping(for: T.self)
        let statement = serialize(try select(request.descriptor, mapping: mapping, columns: mapping.selectColumns(alias: Self.rowAlias)))
        let snapshots = try connections.read { connection in
            try connection.consistentRead(needed: !mapping.toMany.isEmpty) {
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
        let wanted = persistentIdentifiers.filter { $0.storeIdentifier == identifier && $0.primaryKey.integerValue != nil }
        try connections.read { connection in
            try connection.consistentRead(needed: wanted.count > 1 || wanted.contains { mappings[$0.entityName]?.toMany.isEmpty == false }) {
                for identifier in wanted {
                    let mapping = try mapping(identifier.entityName)
                    let statement = SQLStatement(text: mapping.selectByKeySQL, binds: [.integer(identifier.primaryKey.integerValue!)])
                    if let snapshot = try readSnapshots(statement, mapping: mapping, connection: connection).first {
                        found[identifier] = snapshot
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
