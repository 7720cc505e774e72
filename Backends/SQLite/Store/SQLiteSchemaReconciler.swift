import StrataCore
import StrataSQL

/// Brings a database's tables in line with the schema on open: creates what is missing,
/// applies additive changes, and refuses anything else with a list of the differences.
struct SQLiteSchemaReconciler {
    let tables: SchemaTables
    let connection: SQLiteConnection

    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every conflicting difference; nothing
    ///   is changed then.
    func reconcile() throws {
        var differences: [String] = []
        var additions: [(table: TableDefinition, column: ColumnDefinition)] = []
        var creations: [TableDefinition] = []
        for table in tables.tables {
            let existing = try columns(of: table.name)
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
            for statement in tables.createStatements(for: table) { try connection.execute(statement.text, binds: statement.binds) }
        }
        for (table, column) in additions { try add(column, to: table) }
        for table in tables.tables where !creations.contains(table) {
            for statement in tables.indexStatements(for: table) { try connection.execute(statement.text, binds: statement.binds) }
        }
    }

    /// The declared type of every column of `table`, by name; empty when the table does not exist.
    private func columns(of table: String) throws -> [String: String] {
        let rows = try connection.query("SELECT \"name\", \"type\" FROM pragma_table_info(?1)", binds: [.string(table)]) {
            ($0.text(at: 0), $0.text(at: 1))
        }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    private func add(_ column: ColumnDefinition, to table: TableDefinition) throws {
        let add = SQLWrites.addColumn(column, to: table.name, dialect: tables.dialect)
        try connection.execute(add.text, binds: add.binds)
        guard let defaultValue = column.defaultValue else { return }
        let fill = SQLWrites.update(table.name, set: column.name, to: .bind(defaultValue), dialect: tables.dialect)
        try connection.execute(fill.text, binds: fill.binds)
    }
}
