import StrataCore

/// A write the engine renders once per mapping and a backend runs per row (an `INSERT` or an
/// `UPDATE` of one row by key): its text and, in placeholder order, where each value comes
/// from. A backend binds ``value(at:of:key:)`` for each placeholder and never needs to know
/// where the key goes.
public struct SQLRowWrite: Sendable {
    /// Where one placeholder's value comes from.
    public enum Parameter: Sendable, Equatable {
        /// The row's integer key.
        case key
        /// The snapshot value in `slot`, NULL when empty; `storage` is the attribute's kind
        /// (`nil` for a to-one foreign key, an integer key), so a backend can type a NULL.
        case column(slot: Int, storage: StorageType?)
    }

    /// What the statement does.
    public enum Kind: Sendable { case insert, update }

    /// Whether this is an insert or an update.
    public let kind: Kind
    /// The table written.
    public let table: String
    /// The columns named, in placeholder order (a backend's multi-row or bulk form names the same).
    public let columns: [String]
    /// The statement for one row.
    public let text: String
    /// Where each placeholder's value comes from, in order.
    public let parameters: [Parameter]

    /// The value of placeholder `index` (from 0) for `row`, whose key is `key`.
    @inlinable
    public func value(at index: Int, of row: DefaultSnapshot, key: Int64) -> PersistentValue {
        switch parameters[index] {
        case .key: return .integer(key)
        case .column(let slot, _): return row.values[slot] ?? .null
        }
    }

    /// Whether a column holds `storage` values.
    public func writes(_ storage: StorageType) -> Bool {
        parameters.contains { if case .column(_, storage) = $0 { true } else { false } }
    }
}

extension SQLRowWrite {
    /// `INSERT INTO table (_pk, columns…) VALUES (…)`: the key first, then each column.
    static func insert(into table: String, columns: [EntityMapping.Column], dialect: any SQLDialect) -> SQLRowWrite {
        let names = [SQLNames.primaryKey] + columns.map(\.name)
        return SQLRowWrite(
            kind: .insert, table: table, columns: names, text: SQLWrites.insert(into: table, columns: names, dialect: dialect),
            parameters: [.key] + columns.map { .column(slot: $0.slot, storage: $0.storage) })
    }

    /// `UPDATE table SET column = ?, … WHERE _pk = ?`: each column, then the key; `nil` without columns.
    static func update(of table: String, columns: [EntityMapping.Column], dialect: any SQLDialect) -> SQLRowWrite? {
        guard !columns.isEmpty else { return nil }
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("UPDATE ")
        serializer.write(identifier: table)
        serializer.write(" SET ")
        serializer.write(columns) { serializer, column in
            serializer.write(identifier: column.name)
            serializer.write(" = ")
            serializer.write(bind: .null)
        }
        serializer.write(" WHERE ")
        serializer.write(identifier: SQLNames.primaryKey)
        serializer.write(" = ")
        serializer.write(bind: .null)
        return SQLRowWrite(
            kind: .update, table: table, columns: columns.map(\.name) + [SQLNames.primaryKey], text: serializer.text,
            parameters: columns.map { .column(slot: $0.slot, storage: $0.storage) } + [.key])
    }

    /// An insert of `rowCount` rows in one statement (a multi-row `VALUES`): placeholders in row
    /// order, each row's as in ``parameters``.
    public func insertText(rowCount: Int, dialect: any SQLDialect) -> String {
        precondition(kind == .insert, "only an insert has a multi-row form")
        return rowCount == 1 ? text : SQLWrites.insert(into: table, columns: columns, rowCount: rowCount, dialect: dialect)
    }
}
