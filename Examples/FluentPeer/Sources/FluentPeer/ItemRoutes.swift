import FluentKit
import Foundation
import Hummingbird
import ServerAPI

/// `/items` on Fluent: the same routes, bodies and errors as StrataServer's.
struct ItemRoutes: ResourceRoutes {
    let databases: FluentDatabases

    func create(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<ItemResponse> {
        let input = try await request.decode(as: NewItem.self, context: context)
        let title = try input.title.trimmed(nonEmpty: "title")
        let database = databases.database(logger: context.logger)
        if let projectID = input.projectId { _ = try await Self.require(ProjectRow.self, projectID, as: "project", on: database) }
        let row = ItemRow(title: title, done: input.done ?? false, priority: input.priority ?? 0, projectID: input.projectId)
        try await row.create(on: database)
        return EditedResponse(status: .created, response: ItemResponse(row))
    }

    func show(_ request: Request, context: ServerRequestContext) async throws -> ItemResponse {
        let id = try context.resourceKey
        return ItemResponse(try await Self.require(ItemRow.self, id, as: "item", on: databases.database(logger: context.logger)))
    }

    func list(_ request: Request, context: ServerRequestContext) async throws -> [ItemResponse] {
        let query = try ItemQuery(request.uri.queryParameters)
        var builder = ItemRow.query(on: databases.database(logger: context.logger))
        if let done = query.done { builder = builder.filter(\.$done == done) }
        if let minPriority = query.minPriority { builder = builder.filter(\.$priority >= minPriority) }
        if let projectID = query.projectID { builder = builder.filter(\.$project.$id == projectID) }
        let direction: DatabaseQuery.Sort.Direction = query.descending ? .descending : .ascending
        switch query.sort {
        case .id: break
        case .title: builder = builder.sort(\.$title, direction)
        case .priority: builder = builder.sort(\.$priority, direction)
        case .createdAt: builder = builder.sort(\.$createdAt, direction)
        }
        return try await builder.sort(\.$id, direction).range(query.offset..<(query.offset + query.limit)).all().map(ItemResponse.init)
    }

    func update(_ request: Request, context: ServerRequestContext) async throws -> ItemResponse {
        let patch = try await request.decode(as: ItemPatch.self, context: context)
        let database = databases.database(logger: context.logger)
        let row = try await Self.require(ItemRow.self, try context.resourceKey, as: "item", on: database)
        if let title = patch.title { row.title = try title.trimmed(nonEmpty: "title") }
        if let done = patch.done { row.done = done }
        if let priority = patch.priority { row.priority = priority }
        if let projectID = patch.projectId {
            if let projectID { _ = try await Self.require(ProjectRow.self, projectID, as: "project", on: database) }
            row.$project.id = projectID
        }
        try await row.update(on: database)
        return ItemResponse(row)
    }

    func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        try await Self.delete(ItemRow.self, try context.resourceKey, as: "item", on: databases.database(logger: context.logger))
        return .noContent
    }

    /// The row with key `id`, or a 404 naming `what`.
    static func require<Row: Model>(_ type: Row.Type, _ id: Row.IDValue, as what: String, on database: any Database) async throws -> Row {
        guard let row = try await Row.find(id, on: database) else { throw APIError.notFound("\(what) \(id)") }
        return row
    }

    /// Deletes the row with key `id`, or answers 404 naming `what`.
    static func delete<Row: Model>(_ type: Row.Type, _ id: Row.IDValue, as what: String, on database: any Database) async throws {
        try await require(type, id, as: what, on: database).delete(on: database)
    }
}
