import StrataCore

/// The SQL of one lightweight change between two schema versions, table by table.
///
/// A table whose existing columns all stay as they are is altered in place (`ADD COLUMN`, new
/// defaults written with one `UPDATE`, indices created and dropped): adding a column never
/// copies the table. Any other change (a removed, renamed or converted column, a renamed
/// entity) rebuilds the table: a new table, one `INSERT … SELECT` copying every row, the old
/// table dropped and the new one renamed. New tables are created and filled from old ones
/// before any table is rebuilt, and old tables are dropped last, so every copy reads old rows.
public struct SQLStageMigration: Sendable {
    /// The changes this migration makes.
    public let changes: SchemaChanges
    /// The actions, in the order they run.
    public let actions: [SQLMigrationAction]

    /// - Throws: ``SwiftDataError/schemaMismatch`` for a change no lightweight stage makes;
    ///   ``SwiftDataError/invalidSchema`` for names the dialect refuses.
    public init(from: Schema, to: Schema, dialect: any SQLDialect) throws {
        let changes = try SchemaChanges(from: from, to: to)
        let old = try SchemaTables(schema: from, dialect: dialect)
        let new = try SchemaTables(schema: to, dialect: dialect)
        let builder = Builder(changes: changes, old: old, new: new)
        var created: [SQLMigrationAction] = []
        var altered: [SQLMigrationAction] = []
        for change in changes.entities {
            guard let table = new.tables.first(where: { $0.name == SQLNames.table(change.new) }) else { continue }
            if let action = try builder.entityAction(change, table) {
                if change.old == nil { created.append(action) } else { altered.append(action) }
            }
        }
        for table in new.tables where !table.hasRowKey {
            if let action = try builder.joinTableAction(table) { created.append(action) }
        }
        self.changes = changes
        self.actions = created + altered + builder.drops()
    }
}

/// Builds ``SQLStageMigration``'s actions.
private struct Builder {
    let changes: SchemaChanges
    let old: SchemaTables
    let new: SchemaTables
    var dialect: any SQLDialect { new.dialect }

    /// The source of each column of a continued entity's table: an old column, possibly
    /// converted, or nothing (the column starts empty).
    private func sources(_ change: SchemaChanges.EntityChange, _ table: TableDefinition) throws -> [String: SQLExpression] {
        var sources: [String: SQLExpression] = [SQLNames.primaryKey: .column(table: nil, name: SQLNames.primaryKey)]
        for attribute in change.new.storedAttributes {
            guard let source = change.source(of: attribute) else { continue }
            sources[SQLNames.column(attribute)] = Self.converted(.column(table: nil, name: SQLNames.column(source)), from: source.storageType, to: attribute.storageType)
        }
        for relationship in change.new.relationships {
            guard let source = change.source(of: relationship) else { continue }
            let newStorage = SQLNames.storage(of: relationship, in: change.new, schema: changes.to)
            let oldStorage = SQLNames.storage(of: source, in: change.old!, schema: changes.from)
            switch (newStorage, oldStorage) {
            case (.foreignKey(let column), .foreignKey(let oldColumn)):
                sources[column] = .column(table: nil, name: oldColumn)
            case (.foreignKey, _), (.inverseForeignKey, .joinTable):
                throw SwiftDataError.schemaMismatch.with(
                    "\(change.new.name).\(relationship.name) changes from to-many to to-one; move the links in a custom stage",
                    entity: change.new.name, property: relationship.name)
            default: break
            }
        }
        return sources
    }

    /// A value stored as `old` in the form `new` stores (``SchemaChanges/convertibleStorage``).
    private static func converted(_ value: SQLExpression, from old: StorageType, to new: StorageType) -> SQLExpression {
        switch (old, new) {
        case (.integer, .double): .binary(value, "*", .keyword("1.0"))
        case (.bool, .integer): .caseWhen([SQLCaseBranch(when: value, then: .keyword("1")), SQLCaseBranch(when: .prefix("NOT ", value), then: .keyword("0"))], otherwise: .keyword("NULL"))
        default: value
        }
    }

    func entityAction(_ change: SchemaChanges.EntityChange, _ table: TableDefinition) throws -> SQLMigrationAction? {
        guard let oldEntity = change.old, let oldTable = old.tables.first(where: { $0.name == SQLNames.table(oldEntity) }) else {
            return SQLMigrationAction("create table \(table.name)", new.createStatements(for: table), keys: .prepare(table.name))
        }
        if change.isUnchanged { return nil }
        let sources = try sources(change, table)
        let unchangedColumns = table.columns.allSatisfy { column in
            guard let source = sources[column.name] else { return true }
            return source == .column(table: nil, name: column.name)
                && oldTable.columns.contains { $0.name == column.name && $0.type.description == column.type.description }
        }
        let keepsEveryColumn = oldTable.columns.allSatisfy { column in sources[column.name] == .column(table: nil, name: column.name) }
        if oldTable.name == table.name && unchangedColumns && keepsEveryColumn {
            return alteration(change, table, oldTable, sources)
        }
        return rebuild(change, table, oldTable, sources)
    }

    /// Adds the new columns and changes the indices of a table whose columns all stay.
    private func alteration(
        _ change: SchemaChanges.EntityChange, _ table: TableDefinition, _ oldTable: TableDefinition, _ sources: [String: SQLExpression]
    ) -> SQLMigrationAction {
        let added = table.columns.filter { sources[$0.name] == nil }
        let oldIndexNames = Set(indexNames(oldTable))
        let dropped = oldIndexNames.subtracting(indexNames(table)).sorted()
        let statements = added.map { SQLWrites.addColumn($0, to: table.name, dialect: dialect) }
            + dropped.map(dropIndex)
            + fills(change, table, sources)
            + zip(indexNames(table), new.indexStatements(for: table)).filter { !oldIndexNames.contains($0.0) }.map(\.1)
        var parts = added.map { "add column \($0.name)" } + dropped.map { "drop index \($0)" }
        if parts.isEmpty { parts = ["change indices or optionality"] }
        return SQLMigrationAction(
            "alter table \(table.name) (\(parts.joined(separator: ", ")))", statements,
            requiredColumns: requiredColumns(change, table))
    }

    /// Copies a table into its new shape with one `INSERT … SELECT`, then swaps it in.
    private func rebuild(
        _ change: SchemaChanges.EntityChange, _ table: TableDefinition, _ oldTable: TableDefinition, _ sources: [String: SQLExpression]
    ) -> SQLMigrationAction {
        let staging = TableDefinition(
            name: "_strata_migrating_\(table.name)", columns: table.columns, uniqueIndices: [], indices: [], hasRowKey: table.hasRowKey)
        let copied = table.columns.filter { sources[$0.name] != nil }
        var copy = SQLSerializer(dialect: dialect)
        copy.write("INSERT INTO ")
        copy.write(identifier: staging.name)
        copy.write(" (")
        copy.write(copied) { $0.write(identifier: $1.name) }
        copy.write(") SELECT ")
        copy.write(copied) { $0.write(sources[$1.name]!) }
        copy.write(" FROM ")
        copy.write(identifier: oldTable.name)
        var rename = SQLSerializer(dialect: dialect)
        rename.write("ALTER TABLE ")
        rename.write(identifier: staging.name)
        rename.write(" RENAME TO ")
        rename.write(identifier: table.name)
        let statements = new.createStatements(for: staging) + [copy.statement, dropTable(oldTable.name), rename.statement]
            + fills(change, table, sources) + new.indexStatements(for: table)
        return SQLMigrationAction(
            "rebuild table \(table.name) (\(describe(change, table, oldTable, sources)))", statements,
            keys: oldTable.name == table.name ? nil : .rename(oldTable.name, to: table.name),
            requiredColumns: requiredColumns(change, table))
    }

    /// `UPDATE … SET column = default WHERE column IS NULL` for each attribute with a default
    /// that is new or no longer optional.
    private func fills(_ change: SchemaChanges.EntityChange, _ table: TableDefinition, _ sources: [String: SQLExpression]) -> [SQLStatement] {
        table.columns.compactMap { column in
            guard let defaultValue = column.defaultValue else { return nil }
            let source = change.new.attributesByName[column.name].flatMap(change.source)
            guard source == nil || (source!.isOptional && !column.isOptional) else { return nil }
            var serializer = SQLSerializer(dialect: dialect)
            serializer.write("UPDATE ")
            serializer.write(identifier: table.name)
            serializer.write(" SET ")
            serializer.write(identifier: column.name)
            serializer.write(" = ")
            serializer.write(bind: defaultValue)
            serializer.write(" WHERE ")
            serializer.write(identifier: column.name)
            serializer.write(" IS NULL")
            return serializer.statement
        }
    }

    /// Required attributes whose old rows may hold no value: those that were optional.
    private func requiredColumns(_ change: SchemaChanges.EntityChange, _ table: TableDefinition) -> [(table: String, column: String)] {
        change.new.storedAttributes.compactMap { attribute in
            guard !attribute.isOptional, attribute.defaultValue == nil, let source = change.source(of: attribute), source.isOptional else { return nil }
            return (table.name, SQLNames.column(attribute))
        }
    }

    private func describe(
        _ change: SchemaChanges.EntityChange, _ table: TableDefinition, _ oldTable: TableDefinition, _ sources: [String: SQLExpression]
    ) -> String {
        var parts: [String] = oldTable.name == table.name ? [] : ["rename from \(oldTable.name)"]
        for attribute in change.new.storedAttributes {
            guard let source = change.source(of: attribute) else {
                parts.append("add column \(attribute.name)")
                continue
            }
            if source.name != attribute.name { parts.append("rename \(source.name) → \(attribute.name)") }
            if source.storageType != attribute.storageType { parts.append("convert \(attribute.name) from \(source.storageType) to \(attribute.storageType)") }
        }
        let kept = Set(sources.values)
        for column in oldTable.columns where !kept.contains(.column(table: nil, name: column.name)) {
            parts.append("drop column \(column.name)")
        }
        return parts.isEmpty ? "change indices or optionality" : parts.joined(separator: ", ")
    }

    /// Creates a join table the old version lacks, filled from where the old version kept the
    /// relationship's links (a join table or a foreign key column).
    func joinTableAction(_ table: TableDefinition) throws -> SQLMigrationAction? {
        guard !old.tables.contains(where: { $0.name == table.name }) else { return nil }
        var statements = new.createStatements(for: table)
        for change in changes.entities {
            for relationship in change.new.relationships {
                guard case .joinTable(table.name, let ownerColumn, let targetColumn) = SQLNames.storage(of: relationship, in: change.new, schema: changes.to),
                    ownerColumn == SQLNames.joinOwner, let oldEntity = change.old, let source = change.source(of: relationship)
                else { continue }
                let (from, owner, target, filter): (String, String, String, String?) =
                    switch SQLNames.storage(of: source, in: oldEntity, schema: changes.from) {
                    case .joinTable(let name, let oldOwner, let oldTarget): (name, oldOwner, oldTarget, nil)
                    case .foreignKey(let column): (SQLNames.table(oldEntity), SQLNames.primaryKey, column, column)
                    case .inverseForeignKey(let name, let column): (name, column, SQLNames.primaryKey, column)
                    }
                var copy = SQLSerializer(dialect: dialect)
                copy.write("INSERT INTO ")
                copy.write(identifier: table.name)
                copy.write(" (")
                copy.write(identifier: ownerColumn)
                copy.write(", ")
                copy.write(identifier: targetColumn)
                copy.write(") SELECT ")
                copy.write(identifier: owner)
                copy.write(", ")
                copy.write(identifier: target)
                copy.write(" FROM ")
                copy.write(identifier: from)
                if let filter {
                    copy.write(" WHERE ")
                    copy.write(identifier: filter)
                    copy.write(" IS NOT NULL")
                }
                statements.append(copy.statement)
            }
        }
        return SQLMigrationAction("create join table \(table.name)", statements)
    }

    /// Drops the old tables the new version does not continue: removed entities and join tables.
    func drops() -> [SQLMigrationAction] {
        let continued = Set(changes.entities.compactMap { $0.old.map(SQLNames.table) })
        let kept = Set(new.tables.map(\.name))
        return old.tables.filter { !kept.contains($0.name) && !continued.contains($0.name) }.map { table in
            SQLMigrationAction(
                "drop table \(table.name)", [dropTable(table.name)], keys: table.hasRowKey ? .drop(table.name) : nil)
        }
    }

    private func indexNames(_ table: TableDefinition) -> [String] {
        table.uniqueIndices.map { SchemaTables.indexName(table: table.name, columns: $0, unique: true) }
            + table.indices.map { SchemaTables.indexName(table: table.name, columns: $0, unique: false) }
    }

    private func dropTable(_ name: String) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DROP TABLE ")
        serializer.write(identifier: name)
        return serializer.statement
    }

    private func dropIndex(_ name: String) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DROP INDEX IF EXISTS ")
        serializer.write(identifier: name)
        return serializer.statement
    }
}
