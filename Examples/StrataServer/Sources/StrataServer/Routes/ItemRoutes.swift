import Foundation
import Hummingbird
import ServerAPI
import Strata
import StrataAsync

/// `/items`: create, read, list with filters, update and delete, each request in its own
/// `ModelContext`.
struct ItemRoutes: ResourceRoutes {
    /// The container every request's context is made from.
    let container: ModelContainer

    /// `POST /items` → 201 with the item.
    func create(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<ItemResponse> {
        let input = try await request.decode(as: NewItem.self, context: context)
        let title = try input.title.trimmed(nonEmpty: "title")
        let modelContext = ModelContext(container)
        var project: Project?
        if let projectID = input.projectId { project = try await modelContext.require(Project.self, key: projectID, as: "project") }
        let item = Item(title: title, done: input.done ?? false, priority: input.priority ?? 0, project: project)
        modelContext.insert(item)
        try await modelContext.save()
        return EditedResponse(status: .created, response: ItemResponse(item))
    }

    /// `GET /items/:id`.
    func show(_ request: Request, context: ServerRequestContext) async throws -> ItemResponse {
        let modelContext = ModelContext(container)
        return ItemResponse(try await modelContext.require(Item.self, key: try context.resourceKey, as: "item"))
    }

    /// `GET /items?done=&minPriority=&projectId=&sort=&order=&limit=&offset=`.
    func list(_ request: Request, context: ServerRequestContext) async throws -> [ItemResponse] {
        let query = try ItemQuery(request.uri.queryParameters)
        let modelContext = ModelContext(container)
        return try await modelContext.fetch(query.descriptor(in: modelContext)).map(ItemResponse.init)
    }

    /// `PATCH /items/:id`: changes the fields the body has.
    func update(_ request: Request, context: ServerRequestContext) async throws -> ItemResponse {
        let patch = try await request.decode(as: ItemPatch.self, context: context)
        let modelContext = ModelContext(container)
        let item = try await modelContext.require(Item.self, key: try context.resourceKey, as: "item")
        if let title = patch.title { item.title = try title.trimmed(nonEmpty: "title") }
        if let done = patch.done { item.done = done }
        if let priority = patch.priority { item.priority = priority }
        if let projectID = patch.projectId {
            if let projectID {
                item.project = try await modelContext.require(Project.self, key: projectID, as: "project")
            } else {
                item.project = nil
            }
        }
        try await modelContext.save()
        return ItemResponse(item)
    }

    /// `DELETE /items/:id` → 204.
    func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        try await ModelContext(container).deleteSaved(Item.self, key: try context.resourceKey, as: "item")
        return .noContent
    }
}
