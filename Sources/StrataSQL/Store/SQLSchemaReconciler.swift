import StrataCore

/// Brings a database's tables in line with the schema on open: creates what is missing,
/// applies additive changes, and refuses anything else with a list of the differences.
public struct SQLSchemaReconciler<Connection: SQLConnection> {
    let tables: SchemaTables
    let connection: Connection

    /// A reconciler of `tables` over `connection`, inside the caller's transaction.
    public init(tables: SchemaTables, connection: Connection) {
        self.tables = tables
        self.connection = connection
    }

    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every conflicting difference; nothing
    ///   is changed then.
    public func reconcile() throws {
        var differences: [String] = []
        var additions: [(table: TableDefinition, column: ColumnDefinition)] = []
        var creations: [TableDefinition] = []
        for table in tables.tables {
            let existing = try connection.columnTypes(of: table.name)
            if existing.isEmpty {
                creations.append(table)
                continue
            }
            for column in table.columns {
                guard let type = existing[column.name] else {
                    if !column.isKey && (column.isOptional || column.defaultValue != nil) {
                        additions.append((table, column))
                    } else {
                        differences.append("\(table.name).\(column.name) is missing, and it is neither optional nor defaulted")
                    }
                    continue
                }
                if type.uppercased() != column.type.description {
                    differences.append("\(table.name).\(column.name) has type \(type), the schema needs \(column.type)")
                }
            }
            for name in existing.keys.sorted() where !table.columns.contains(where: { $0.name == name }) {
                differences.append("\(table.name).\(name) is in the database but not in the schema")
            }
        }
        guard differences.isEmpty else {
            throw SwiftDataError.schemaMismatch.with(
                "the database's tables disagree with the schema:\n- " + differences.joined(separator: "\n- "))
        }
        for table in creations {
            for statement in tables.createStatements(for: table) { try connection.run(statement) }
        }
        for (table, column) in additions { try add(column, to: table) }
        for table in tables.tables where !creations.contains(table) {
            for statement in tables.indexStatements(for: table) { try connection.run(statement) }
        }
    }

    private func add(_ column: ColumnDefinition, to table: TableDefinition) throws {
        let add = SQLWrites.addColumn(column, to: table.name, dialect: tables.dialect)
        try connection.run(add)
        guard let defaultValue = column.defaultValue else { return }
        let fill = SQLWrites.update(table.name, set: column.name, to: .bind(defaultValue), dialect: tables.dialect)
        try connection.run(fill)
    }
}
