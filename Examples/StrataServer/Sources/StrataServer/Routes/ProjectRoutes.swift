import Foundation
import Hummingbird
import ServerAPI
import Strata
import StrataAsync

/// `/projects`: create, read, list, rename and delete, each request in its own `ModelContext`.
struct ProjectRoutes: ResourceRoutes {
    /// The container every request's context is made from.
    let container: ModelContainer

    /// `POST /projects` → 201, or 409 when the name is taken. (A save alone would not refuse it:
    /// inserting a model whose unique name exists updates that row, SwiftData's upsert rule.)
    func create(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<ProjectResponse> {
        let name = try await request.decode(as: ProjectInput.self, context: context).name.trimmed(nonEmpty: "name")
        let modelContext = ModelContext(container)
        guard try await modelContext.fetchCount(FetchDescriptor<Project>(predicate: #Predicate { $0.name == name })) == 0 else {
            throw APIError.uniqueViolation("a project named '\(name)' exists")
        }
        let project = Project(name: name)
        modelContext.insert(project)
        try await modelContext.save()
        return EditedResponse(status: .created, response: ProjectResponse(project))
    }

    /// `GET /projects`, by name.
    func list(_ request: Request, context: ServerRequestContext) async throws -> [ProjectResponse] {
        let modelContext = ModelContext(container)
        return try await modelContext.fetch(FetchDescriptor<Project>(sortBy: [SortDescriptor(\.name)])).map(ProjectResponse.init)
    }

    /// `GET /projects/:id`.
    func show(_ request: Request, context: ServerRequestContext) async throws -> ProjectResponse {
        let modelContext = ModelContext(container)
        return ProjectResponse(try await modelContext.require(Project.self, key: try context.resourceKey, as: "project"))
    }

    /// `PATCH /projects/:id` → the renamed project; 409 when another project has the name (the
    /// store's unique index refuses the update).
    func update(_ request: Request, context: ServerRequestContext) async throws -> ProjectResponse {
        let name = try await request.decode(as: ProjectInput.self, context: context).name.trimmed(nonEmpty: "name")
        let modelContext = ModelContext(container)
        let project = try await modelContext.require(Project.self, key: try context.resourceKey, as: "project")
        project.name = name
        try await modelContext.save()
        return ProjectResponse(project)
    }

    /// `DELETE /projects/:id` → 204; 409 while items belong to it (the `.deny` delete rule).
    func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        try await ModelContext(container).deleteSaved(Project.self, key: try context.resourceKey, as: "project")
        return .noContent
    }
}
