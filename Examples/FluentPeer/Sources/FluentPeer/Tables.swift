import FluentKit
import FluentPostgresDriver

/// Creates the tables when they are missing (the peer of Strata creating its tables on open).
enum Tables {
    static func create(on database: any Database) async throws {
        try await database.schema(ProjectRow.schema)
            .field("id", .int64, .identifier(auto: true))
            .field("name", .string, .required)
            .unique(on: "name")
            .ignoreExisting()
            .create()
        try await database.schema(ItemRow.schema)
            .field("id", .int64, .identifier(auto: true))
            .field("title", .string, .required)
            .field("done", .bool, .required)
            .field("priority", .int, .required)
            .field("created_at", .datetime, .required)
            .field("project_id", .int64, .references(ProjectRow.schema, "id", onDelete: .restrict))
            .ignoreExisting()
            .create()
        // The list route filters on done and priority and sorts by priority: the same index as
        // Strata's `#Index<Item>([\.done, \.priority])`. FluentKit's schema builder has no plain index.
        if let sql = database as? any SQLDatabase {
            try await sql.raw(
                "CREATE INDEX IF NOT EXISTS \(ident: "items_done_priority") ON \(ident: ItemRow.schema) (\(idents: ["done", "priority"], joinedBy: ", "))"
            ).run()
        }
    }
}
