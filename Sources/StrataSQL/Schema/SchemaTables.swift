import StrataCore

/// Derives the tables of a schema for a dialect, and the SQL that creates them.
public struct SchemaTables: Sendable {
    public let schema: Schema
    public let dialect: any SQLDialect
    /// Entity tables first, in schema order, then join tables.
    public let tables: [TableDefinition]

    /// - Throws: ``SwiftDataError/invalidSchema`` when a name is reserved or too long for the dialect.
    public init(schema: Schema, dialect: any SQLDialect) throws {
        self.schema = schema
        self.dialect = dialect
        // A class hierarchy has one table, its root's.
        var tables = schema.entities.filter { $0.superentity == nil }.map { Self.entityTable($0, schema: schema, dialect: dialect) }
        for entity in schema.entities {
            for relationship in entity.relationships {
                guard case .joinTable(let name, _, _) = SQLNames.storage(of: relationship, in: entity, schema: schema),
                    !tables.contains(where: { $0.name == name })
                else { continue }
                tables.append(Self.joinTable(name, dialect: dialect))
            }
        }
        self.tables = tables
        try validateNames()
    }

    /// `CREATE TABLE` and `CREATE INDEX` statements for one table.
    public func createStatements(for table: TableDefinition) -> [SQLStatement] {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("CREATE TABLE ")
        serializer.write(identifier: table.name)
        serializer.write(" (")
        serializer.write(table.columns) { serializer, column in
            serializer.write(identifier: column.name)
            serializer.write(" ")
            serializer.write(column.type)
            if column.name == SQLNames.primaryKey { serializer.write(" PRIMARY KEY") }
            if column.isKey && column.name != SQLNames.primaryKey { serializer.write(" NOT NULL") }
        }
        if !table.hasRowKey {
            serializer.write(", PRIMARY KEY (")
            serializer.write(table.columns) { $0.write(identifier: $1.name) }
            serializer.write(")")
        }
        serializer.write(")")
        return [serializer.statement] + indexStatements(for: table)
    }

    /// `CREATE INDEX` statements for every index of a table (also used after adding columns).
    public func indexStatements(for table: TableDefinition) -> [SQLStatement] {
        table.uniqueIndices.map { index(on: table, $0, unique: true) } + table.indices.map { index(on: table, $0, unique: false) }
    }

    /// The name Strata gives an index.
    public static func indexName(table: String, columns: [String], unique: Bool) -> String {
        "\(table)_\(columns.joined(separator: "_"))_\(unique ? "unique" : "index")"
    }

    private func index(on table: TableDefinition, _ columns: [String], unique: Bool) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write(unique ? "CREATE UNIQUE INDEX IF NOT EXISTS " : "CREATE INDEX IF NOT EXISTS ")
        serializer.write(identifier: Self.indexName(table: table.name, columns: columns, unique: unique))
        serializer.write(" ON ")
        serializer.write(identifier: table.name)
        serializer.write(" (")
        serializer.write(columns) { $0.write(identifier: $1) }
        serializer.write(")")
        return serializer.statement
    }

    /// The table of an entity, or of a class hierarchy whose root `entity` is: every entity's
    /// columns, each once, and the ``SQLNames/discriminator``. A subclass's columns hold NULL in
    /// the rows of other classes; Strata checks their values itself.
    private static func entityTable(_ entity: Schema.Entity, schema: Schema, dialect: any SQLDialect) -> TableDefinition {
        var columns = [ColumnDefinition(name: SQLNames.primaryKey, type: dialect.keyColumnType, storage: nil, defaultValue: nil, isOptional: false)]
        var foreignKeys: [[String]] = []
        let members = entity.selfAndSubentities
        var seen = Set<String>()
        let all = members.flatMap(\.properties).filter { seen.insert($0.name).inserted }
        // `.externalStorage` attributes go last, so reading or filtering the other columns of a
        // row never walks a large value's overflow pages (docs/sqlite.md).
        let properties = all.filter { !Self.isExternal($0) } + all.filter(Self.isExternal)
        if members.count > 1 {
            columns.append(ColumnDefinition(
                name: SQLNames.discriminator, type: dialect.columnType(for: .string), storage: .string, defaultValue: nil, isOptional: true))
        }
        for property in properties {
            if let attribute = property as? Schema.Attribute, !attribute.isTransient {
                let defaultValue = attribute.defaultValue.flatMap { try? attribute.codec?.encode($0) }
                // The first class of the hierarchy (root first) that has the attribute declares it.
                let declarer = members.first { $0.properties.contains { $0.name == attribute.name } }
                columns.append(ColumnDefinition(
                    name: SQLNames.column(attribute), type: dialect.columnType(for: attribute.storageType),
                    storage: attribute.storageType, defaultValue: defaultValue, isOptional: attribute.isOptional,
                    usedByRowsOf: declarer.flatMap { $0 === entity ? nil : $0.selfAndSubentities.map(\.name) }))
            } else if let relationship = property as? Schema.Relationship, relationship.isToOneRelationship {
                columns.append(ColumnDefinition(
                    name: SQLNames.column(relationship), type: dialect.keyColumnType, storage: .integer, defaultValue: nil, isOptional: true))
                foreignKeys.append([SQLNames.column(relationship)])
            }
        }
        var uniqueIndices: [[String]] = [], indices: [[String]] = []
        for member in members {
            uniqueIndices += member.uniquenessConstraints.filter { !uniqueIndices.contains($0) }
            indices += member.indices.filter { !indices.contains($0) }
        }
        return TableDefinition(
            name: SQLNames.table(entity), columns: columns, uniqueIndices: uniqueIndices,
            indices: indices + foreignKeys, hasRowKey: true)
    }

    private static func isExternal(_ property: any SchemaProperty) -> Bool {
        (property as? Schema.Attribute)?.options.contains(.externalStorage) == true
    }

    private static func joinTable(_ name: String, dialect: any SQLDialect) -> TableDefinition {
        let key = { (column: String) in
            ColumnDefinition(name: column, type: dialect.keyColumnType, storage: nil, defaultValue: nil, isOptional: false)
        }
        return TableDefinition(
            name: name, columns: [key(SQLNames.joinOwner), key(SQLNames.joinTarget)], uniqueIndices: [],
            indices: [[SQLNames.joinTarget]], hasRowKey: false)
    }

    private func validateNames() throws {
        for table in tables {
            if table.hasRowKey, table.columns.dropFirst().contains(where: { $0.name == SQLNames.primaryKey }) {
                throw SwiftDataError.invalidSchema.with("\(table.name) has a property named \(SQLNames.primaryKey), which Strata reserves for the row key", entity: table.name)
            }
            guard let limit = dialect.maximumIdentifierLength else { continue }
            let names = [table.name] + table.columns.map(\.name)
                + (table.uniqueIndices.map { Self.indexName(table: table.name, columns: $0, unique: true) })
                + table.indices.map { Self.indexName(table: table.name, columns: $0, unique: false) }
            if let long = names.first(where: { $0.utf8.count > limit }) {
                throw SwiftDataError.invalidSchema.with("the name \(long) is longer than \(dialect.name)'s limit of \(limit) bytes", entity: table.name)
            }
        }
    }
}
