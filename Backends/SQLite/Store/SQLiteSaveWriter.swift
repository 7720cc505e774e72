import StrataCore
import StrataSQL

/// Applies one save request inside the writer's transaction.
struct SQLiteSaveWriter {
    let store: SQLiteStore
    let connection: SQLiteConnection
    private var keys: SQLiteKeyAllocator
    /// Row statements prepared once per save, by table: saves write many rows of few tables.
    private var inserts: [String: SQLiteStatement] = [:]
    private var updates: [String: SQLiteStatement] = [:]

    init(store: SQLiteStore, connection: SQLiteConnection) {
        self.store = store
        self.connection = connection
        self.keys = SQLiteKeyAllocator(connection: connection)
    }

    mutating func apply(_ request: DataStoreSaveChangesRequest<DefaultSnapshot>) throws -> DataStoreSaveChangesResult<DefaultSnapshot> {
        let deleting = Set(request.deleted.map(\.persistentIdentifier))
        let (remapped, existing) = try mintIdentifiers(for: request.inserted, skipping: deleting)
        var stored: [PersistentIdentifier: DefaultSnapshot] = [:]
        stored.reserveCapacity(request.inserted.count)
        for snapshot in request.inserted {
            let permanent = remapped[snapshot.persistentIdentifier]!
            let row = snapshot.copy(persistentIdentifier: permanent, remappedIdentifiers: remapped)
            if existing.contains(permanent) || stored[permanent] != nil {
                try update(row)
            } else {
                try insert(row)
            }
            stored[permanent] = row
        }
        for snapshot in request.updated {
            try update(snapshot.copy(persistentIdentifier: snapshot.persistentIdentifier, remappedIdentifiers: remapped))
        }
        try SQLiteDeletion(store: store, connection: connection, deleting: deleting).apply()
        try keys.persist()
        return DataStoreSaveChangesResult(for: store.identifier, remappedIdentifiers: remapped, snapshotsToReregister: stored)
    }

    /// A permanent identifier per insert: a new key, or the key of the row it collides with
    /// on a uniqueness constraint (an upsert; among inserts of one save, the later wins).
    private mutating func mintIdentifiers(for inserted: [DefaultSnapshot], skipping deleting: Set<PersistentIdentifier>) throws
        -> (remapped: [PersistentIdentifier: PersistentIdentifier], existing: Set<PersistentIdentifier>) {
        var remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
        remapped.reserveCapacity(inserted.count)
        var existing = Set<PersistentIdentifier>()
        var claimed: [String: [[PersistentValue]: PersistentIdentifier]] = [:]
        for snapshot in inserted {
            let mapping = try store.mapping(snapshot.persistentIdentifier.entityName)
            var permanent: PersistentIdentifier?
            for constraint in mapping.entity.uniquenessConstraints where permanent == nil {
                guard let values = Self.uniqueValues(snapshot, constraint) else { continue }
                permanent = claimed["\(mapping.table)\(constraint)"]?[values]
                if permanent == nil, let match = try storedRow(mapping, constraint, values, skipping: deleting) {
                    permanent = match
                    existing.insert(match)
                }
            }
            let identifier = try permanent ?? store.identifier(mapping.entity.name, keys.next(for: mapping.table))
            remapped[snapshot.persistentIdentifier] = identifier
            for constraint in mapping.entity.uniquenessConstraints {
                if let values = Self.uniqueValues(snapshot, constraint) { claimed["\(mapping.table)\(constraint)", default: [:]][values] = identifier }
            }
        }
        return (remapped, existing)
    }

    /// The values of a uniqueness constraint; `nil` when one is nil (such rows never collide).
    private static func uniqueValues(_ snapshot: DefaultSnapshot, _ constraint: [String]) -> [PersistentValue]? {
        let values = constraint.map { snapshot.value(forProperty: $0) ?? .null }
        return values.contains(where: \.isNull) ? nil : values
    }

    private func storedRow(_ mapping: EntityMapping, _ constraint: [String], _ values: [PersistentValue], skipping deleting: Set<PersistentIdentifier>) throws -> PersistentIdentifier? {
        let alias = SQLiteStore.rowAlias
        let conditions = zip(constraint, values).map { name, value in
            SQLExpression.binary(.column(table: alias, name: name), "=", .bind(value))
        }
        let select = SQLSelect(
            columns: [.column(table: alias, name: SQLNames.primaryKey)], from: mapping.table, as: alias,
            where: conditions.dropFirst().reduce(conditions[0]) { .binary($0, "AND", $1) })
        let statement = store.serialize(select)
        return try connection.query(statement.text, binds: statement.binds) { store.identifier(mapping.entity.name, $0.int64(at: 0)) }
            .first { !deleting.contains($0) }
    }

    private mutating func insert(_ row: DefaultSnapshot) throws {
        let mapping = try store.mapping(row.persistentIdentifier.entityName)
        let statement = try inserts[mapping.table] ?? connection.prepare(mapping.insertSQL)
        inserts[mapping.table] = statement
        connection.trace?(mapping.insertSQL)
        try statement.run([.integer(key(of: row))] + mapping.columnValues(of: row))
        try writeToMany(row, mapping: mapping)
    }

    private mutating func update(_ row: DefaultSnapshot) throws {
        let mapping = try store.mapping(row.persistentIdentifier.entityName)
        let key = key(of: row)
        let changed: Int
        if let sql = mapping.updateSQL {
            let statement = try updates[mapping.table] ?? connection.prepare(sql)
            updates[mapping.table] = statement
            connection.trace?(sql)
            do {
                try statement.run(mapping.columnValues(of: row) + [.integer(key)])
            } catch let error as SQLiteError where error.kind == .uniqueViolation {
                // Only inserts upsert; an update that makes two rows collide is the app's error.
                throw SwiftDataError.constraintViolation.with(
                    "updating \(row.persistentIdentifier) would duplicate another row's unique values (\(error.message))",
                    entity: mapping.entity.name)
            }
            changed = connection.changes
        } else {
            changed = try SQLiteDeletion.rowExists(row.persistentIdentifier, store: store, connection: connection) ? 1 : 0
        }
        guard changed > 0 else {
            throw SwiftDataError.modelNotFound.with("\(row.persistentIdentifier) was deleted from the store; it cannot be updated")
        }
        try writeToMany(row, mapping: mapping)
    }

    /// Rewrites the join-table rows of the row's to-many relationships kept in join tables.
    private func writeToMany(_ row: DefaultSnapshot, mapping: EntityMapping) throws {
        let key = key(of: row)
        for relationship in mapping.toMany {
            guard case .joinTable(let table, let ownerColumn, let targetColumn) = relationship.storage else { continue }
            let clear = SQLWrites.delete(from: table, where: ownerColumn, equals: .integer(key), dialect: store.dialect)
            try connection.run(clear.text, binds: clear.binds)
            let insert = SQLWrites.insert(into: table, columns: [ownerColumn, targetColumn], ignoringConflicts: true, dialect: store.dialect)
            for target in Self.identifiers(in: row[relationship.name]) {
                try connection.run(insert, binds: [.integer(key), .identifier(target)])
            }
        }
    }

    private func key(of row: DefaultSnapshot) -> Int64 {
        row.persistentIdentifier.primaryKey.integerValue!
    }

    static func identifiers(in value: PersistentValue?) -> [PersistentIdentifier] {
        switch value {
        case .identifier(let identifier)?: return [identifier]
        case .identifiers(let identifiers)?: return identifiers
        default: return []
        }
    }
}
