import StrataCore

/// The join-table rows one save adds and removes, gathered from every model it writes on either
/// side of each relationship kept in a join table, then written together: a pair the save both
/// removes and adds (a new model a unique upsert resolved to the member it replaced) stays.
/// Pairs are written one by one, so pairs other contexts committed survive (semantics rule 27).
struct SQLJoinTableChanges {
    /// One row of a join table, in the table's own column order (``SQLNames/joinOwner``, ``SQLNames/joinTarget``).
    private struct Pair: Hashable {
        let owner: Int64
        let target: Int64
    }

    private struct TableChanges {
        var added: [Pair] = []
        var addedSet: Set<Pair> = []
        var removed: Set<Pair> = []
    }

    private var tables: [String: TableChanges] = [:]

    var isEmpty: Bool { tables.isEmpty }

    /// Records that the row keyed `key`, on the side of `table` whose key column is
    /// `ownerColumn`, gains the members `added` and loses `removed`.
    /// - Throws: ``SwiftDataError/modelNotFound`` for a member that is no stored row nor one this save inserts.
    mutating func record(table: String, ownerColumn: String, key: Int64, added: [PersistentIdentifier], removed: [PersistentIdentifier] = []) throws {
        guard !added.isEmpty || !removed.isEmpty else { return }
        let pair = { (member: PersistentIdentifier) throws -> Pair in
            guard let other = member.primaryKey.integerValue else {
                throw SwiftDataError.modelNotFound.with("\(member) is linked in \(table) but is neither stored nor inserted by this save")
            }
            return ownerColumn == SQLNames.joinOwner ? Pair(owner: key, target: other) : Pair(owner: other, target: key)
        }
        var changes = tables[table] ?? TableChanges()
        for member in added {
            let row = try pair(member)
            if changes.addedSet.insert(row).inserted { changes.added.append(row) }
        }
        for member in removed { changes.removed.insert(try pair(member)) }
        tables[table] = changes
    }

    /// Deletes the removed pairs that no model of the save adds, then inserts the added pairs the
    /// table lacks, table by table in name order.
    func write(on connection: some SQLConnection, dialect: any SQLDialect) throws {
        let columns = [SQLNames.joinOwner, SQLNames.joinTarget]
        for name in tables.keys.sorted() {
            let changes = tables[name]!
            let deleted = changes.removed.subtracting(changes.addedSet).sorted { ($0.owner, $0.target) < ($1.owner, $1.target) }
            if !deleted.isEmpty {
                try connection.runForEach(SQLWrites.delete(from: name, matching: columns, dialect: dialect), binds: deleted.map(Self.binds))
            }
            if !changes.added.isEmpty {
                try connection.runForEach(
                    SQLWrites.insert(into: name, columns: columns, ignoringConflicts: true, dialect: dialect), binds: changes.added.map(Self.binds))
            }
        }
    }

    private static func binds(_ pair: Pair) -> [PersistentValue] {
        [.integer(pair.owner), .integer(pair.target)]
    }
}
