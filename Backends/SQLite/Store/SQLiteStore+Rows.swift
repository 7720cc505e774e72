import StrataCore
import StrataSQL

extension SQLiteStore {
    /// Reads rows selected with ``EntityMapping/selectColumns(alias:)`` into snapshots, with
    /// their to-many relationships.
    func readSnapshots(_ statement: SQLStatement, mapping: EntityMapping, connection: SQLiteConnection) throws -> [DefaultSnapshot] {
        let layout = mapping.entity.snapshotLayout
        let slotCount = layout.propertyNames.count
        var snapshots = try connection.query(statement.text, binds: statement.binds) { row -> DefaultSnapshot in
            var values = ContiguousArray<PersistentValue?>(repeating: nil, count: slotCount)
            for (offset, column) in mapping.columns.enumerated() {
                let index = Int32(offset + 1)
                if let storage = column.storage {
                    values[column.slot] = row.persistentValue(at: index, as: storage)
                } else {
                    values[column.slot] = row.isNull(at: index) ? .null : .identifier(identifier(column.destination!, row.int64(at: index)))
                }
            }
            return DefaultSnapshot(persistentIdentifier: identifier(mapping.entity.name, row.int64(at: 0)), layout: layout, values: values)
        }
        if !mapping.toMany.isEmpty, !snapshots.isEmpty {
            try loadToMany(into: &snapshots, mapping: mapping, connection: connection)
        }
        return snapshots
    }

    private func loadToMany(into snapshots: inout [DefaultSnapshot], mapping: EntityMapping, connection: SQLiteConnection) throws {
        let keys = snapshots.map { $0.persistentIdentifier.primaryKey.integerValue! }
        for relationship in mapping.toMany {
            var targets: [Int64: [PersistentIdentifier]] = [:]
            for chunk in keys.chunked(into: Self.keysPerStatement) {
                let statement = relatedKeysQuery(relationship.storage, owners: Array(chunk))
                for (owner, target) in try connection.query(statement.text, binds: statement.binds, row: { ($0.int64(at: 0), $0.int64(at: 1)) }) {
                    targets[owner, default: []].append(identifier(relationship.destination, target))
                }
            }
            for index in snapshots.indices {
                let key = snapshots[index].persistentIdentifier.primaryKey.integerValue!
                snapshots[index][relationship.name] = .identifiers(targets[key] ?? [])
            }
        }
    }

    /// `SELECT owner, target …` for the owners' rows of a to-many relationship, in insertion order.
    func relatedKeysQuery(_ storage: RelationshipStorage, owners: [Int64]) -> SQLStatement {
        let (table, ownerColumn, targetColumn, order): (String, String, String, String)
        switch storage {
        case .inverseForeignKey(let destination, let column):
            (table, ownerColumn, targetColumn, order) = (destination, column, SQLNames.primaryKey, SQLNames.primaryKey)
        case .joinTable(let name, let owner, let target):
            (table, ownerColumn, targetColumn, order) = (name, owner, target, "rowid")
        case .foreignKey:
            preconditionFailure("to-one relationships are columns of the row")
        }
        let alias = "r"
        let select = SQLSelect(
            columns: [.column(table: alias, name: ownerColumn), .column(table: alias, name: targetColumn)], from: table, as: alias,
            where: .binary(.column(table: alias, name: ownerColumn), "IN", .list(owners.map { .bind(.integer($0)) })),
            orderBy: [SQLOrdering(.column(table: alias, name: order), ascending: true)])
        return serialize(select)
    }
}
