import StrataCore

/// The write statements stores issue, built with quoted identifiers and bound values.
public enum SQLWrites {
    /// `DELETE FROM table WHERE column = value`.
    public static func delete(from table: String, where column: String, equals value: PersistentValue, dialect: any SQLDialect) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DELETE FROM ")
        serializer.write(identifier: table)
        serializer.writeCondition(column, value)
        return serializer.statement
    }

    /// `DELETE FROM table WHERE column IN (values…)`.
    public static func delete(from table: String, where column: String, in values: [PersistentValue], dialect: any SQLDialect) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DELETE FROM ")
        serializer.write(identifier: table)
        serializer.write(" WHERE ")
        serializer.write(.binary(.column(table: nil, name: column), "IN", .list(values.map { .bind($0) })))
        return serializer.statement
    }

    /// `DELETE FROM table WHERE column₁ = ? AND column₂ = ? …`, prepared once and bound per row.
    public static func delete(from table: String, matching columns: [String], dialect: any SQLDialect) -> String {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("DELETE FROM ")
        serializer.write(identifier: table)
        serializer.write(" WHERE ")
        for (position, column) in columns.enumerated() {
            if position > 0 { serializer.write(" AND ") }
            serializer.write(identifier: column)
            serializer.write(" = ")
            serializer.write(bind: .null)
        }
        return serializer.text
    }

    /// `UPDATE table SET column = value`, optionally `WHERE filterColumn = filterValue`.
    public static func update(
        _ table: String, set column: String, to value: SQLExpression, where filter: (column: String, value: PersistentValue)? = nil,
        dialect: any SQLDialect
    ) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("UPDATE ")
        serializer.write(identifier: table)
        serializer.write(" SET ")
        serializer.write(identifier: column)
        serializer.write(" = ")
        serializer.write(value)
        if let filter { serializer.writeCondition(filter.column, filter.value) }
        return serializer.statement
    }

    /// `INSERT INTO table (columns…) VALUES (…), …` with one placeholder per column for each of
    /// `rowCount` rows, optionally `ON CONFLICT DO NOTHING`; the text is prepared once and bound
    /// per row (or per batch of rows).
    public static func insert(into table: String, columns: [String], rowCount: Int = 1, ignoringConflicts: Bool = false, dialect: any SQLDialect) -> String {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("INSERT INTO ")
        serializer.write(identifier: table)
        serializer.write(" (")
        serializer.write(columns) { $0.write(identifier: $1) }
        serializer.write(") VALUES ")
        serializer.write(0..<rowCount) { serializer, _ in
            serializer.write("(")
            serializer.write(columns) { serializer, _ in serializer.write(bind: .null) }
            serializer.write(")")
        }
        if ignoringConflicts { serializer.write(" ON CONFLICT DO NOTHING") }
        return serializer.text
    }

    /// `ALTER TABLE table ADD COLUMN column type`.
    public static func addColumn(_ column: ColumnDefinition, to table: String, dialect: any SQLDialect) -> SQLStatement {
        var serializer = SQLSerializer(dialect: dialect)
        serializer.write("ALTER TABLE ")
        serializer.write(identifier: table)
        serializer.write(" ADD COLUMN ")
        serializer.write(identifier: column.name)
        serializer.write(" ")
        serializer.write(column.type)
        return serializer.statement
    }
}

extension SQLSerializer {
    /// Appends ` WHERE column = value`.
    mutating func writeCondition(_ column: String, _ value: PersistentValue) {
        write(" WHERE ")
        write(identifier: column)
        write(" = ")
        write(bind: value)
    }
}
