import StrataCore

/// Brings a database's tables in line with the schema on open: creates what is missing,
/// applies additive changes, and refuses anything else with a list of the differences.
///
/// A database already in line is only read (``requiredChanges()`` is empty), so a backend can
/// open it without a write transaction, and open a read-only file.
public struct SQLSchemaReconciler<Connection: SQLConnection> {
    let tables: SchemaTables
    let connection: Connection

    /// A reconciler of `tables` over `connection`, inside the caller's transaction.
    public init(tables: SchemaTables, connection: Connection) {
        self.tables = tables
        self.connection = connection
    }

    /// What ``reconcile()`` would change, one sentence per change; empty when the database is in
    /// line with the schema. Only reads the catalog.
    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every conflicting difference.
    public func requiredChanges() throws -> [String] {
        let plan = try plan()
        return plan.creations.map { "create table \($0.name)" }
            + plan.additions.map { "add column \($0.table.name).\($0.column.name)" }
            + plan.indices.map { "create index \($0.name)" }
    }

    /// - Throws: ``SwiftDataError/schemaMismatch`` listing every conflicting difference; nothing
    ///   is changed then.
    public func reconcile() throws {
        let plan = try plan()
        for table in plan.creations {
            for statement in tables.createStatements(for: table) { try connection.run(statement) }
        }
        for (table, column) in plan.additions { try add(column, to: table) }
        for index in plan.indices { try connection.run(index.statement) }
    }

    /// The changes the database needs: tables to create, columns to add, indices to create on
    /// existing tables.
    private struct Plan {
        var creations: [TableDefinition] = []
        var additions: [(table: TableDefinition, column: ColumnDefinition)] = []
        var indices: [(name: String, statement: SQLStatement)] = []
    }

    private func plan() throws -> Plan {
        var plan = Plan()
        var differences: [String] = []
        for table in tables.tables {
            let existing = try connection.columnTypes(of: table.name, dialect: tables.dialect)
            if existing.isEmpty {
                plan.creations.append(table)
                continue
            }
            for column in table.columns {
                guard let type = existing[column.name] else {
                    if !column.isKey && (column.isOptional || column.defaultValue != nil) {
                        plan.additions.append((table, column))
                    } else if let users = column.usedByRowsOf, try !hasRows(of: users, in: table.name, existing: existing) {
                        // A subclass new to the database: no row has to read the column.
                        plan.additions.append((table, column))
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
            plan.indices += try missingIndices(of: table)
        }
        guard differences.isEmpty else {
            throw SwiftDataError.schemaMismatch.with(
                "the database's tables disagree with the schema:\n- " + differences.joined(separator: "\n- "))
        }
        return plan
    }

    /// The indices of an existing table the database lacks; all of them (each created with
    /// `IF NOT EXISTS`) when the connection cannot list a table's indices.
    private func missingIndices(of table: TableDefinition) throws -> [(name: String, statement: SQLStatement)] {
        let names = table.uniqueIndices.map { SchemaTables.indexName(table: table.name, columns: $0, unique: true) }
            + table.indices.map { SchemaTables.indexName(table: table.name, columns: $0, unique: false) }
        let indices = zip(names, tables.indexStatements(for: table)).map { (name: $0, statement: $1) }
        guard let existing = try connection.indexNames(of: table.name, dialect: tables.dialect) else { return indices }
        return indices.filter { !existing.contains($0.name) }
    }

    /// Whether the hierarchy table `table` (with `existing` columns) has rows of any of `entities`;
    /// none when it has no discriminator yet, as every row is then the root's.
    private func hasRows(of entities: [String], in table: String, existing: [String: String]) throws -> Bool {
        guard existing[SQLNames.discriminator] != nil else { return false }
        var serializer = SQLSerializer(dialect: tables.dialect)
        serializer.write("SELECT COUNT(*) FROM (SELECT 1 FROM ")
        serializer.write(identifier: table)
        serializer.write(" WHERE ")
        serializer.write(identifier: SQLNames.discriminator)
        serializer.write(" IN (")
        serializer.write(entities) { $0.write(bind: .string($1)) }
        serializer.write(") LIMIT 1) AS ")
        serializer.write(identifier: "found")
        return try connection.integers(serializer.statement).first ?? 0 > 0
    }

    private func add(_ column: ColumnDefinition, to table: TableDefinition) throws {
        let add = SQLWrites.addColumn(column, to: table.name, dialect: tables.dialect)
        try connection.run(add)
        guard let defaultValue = column.defaultValue else { return }
        let fill = SQLWrites.update(table.name, set: column.name, to: .bind(defaultValue), dialect: tables.dialect)
        try connection.run(fill)
    }
}
