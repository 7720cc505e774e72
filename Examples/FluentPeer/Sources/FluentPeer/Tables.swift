import FluentKit

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
    }
}
