import FluentKit
import Hummingbird
import ServerAPI

/// `/projects` on Fluent: the same routes, bodies and errors as StrataServer's.
struct ProjectRoutes: ResourceRoutes {
    let databases: FluentDatabases

    func create(_ request: Request, context: ServerRequestContext) async throws -> EditedResponse<ProjectResponse> {
        let name = try await request.decode(as: ProjectInput.self, context: context).name.trimmed(nonEmpty: "name")
        let database = databases.database(logger: context.logger)
        guard try await ProjectRow.query(on: database).filter(\.$name == name).count() == 0 else {
            throw APIError.uniqueViolation("a project named '\(name)' exists")
        }
        let row = ProjectRow(name: name)
        try await row.create(on: database)
        return EditedResponse(status: .created, response: ProjectResponse(row))
    }

    func list(_ request: Request, context: ServerRequestContext) async throws -> [ProjectResponse] {
        try await ProjectRow.query(on: databases.database(logger: context.logger)).sort(\.$name).all().map(ProjectResponse.init)
    }

    func show(_ request: Request, context: ServerRequestContext) async throws -> ProjectResponse {
        let id = try context.resourceKey
        return ProjectResponse(try await ItemRoutes.require(ProjectRow.self, id, as: "project", on: databases.database(logger: context.logger)))
    }

    func update(_ request: Request, context: ServerRequestContext) async throws -> ProjectResponse {
        let name = try await request.decode(as: ProjectInput.self, context: context).name.trimmed(nonEmpty: "name")
        let database = databases.database(logger: context.logger)
        let row = try await ItemRoutes.require(ProjectRow.self, try context.resourceKey, as: "project", on: database)
        row.name = name
        try await row.update(on: database)
        return ProjectResponse(row)
    }

    func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status {
        try await ItemRoutes.delete(ProjectRow.self, try context.resourceKey, as: "project", on: databases.database(logger: context.logger))
        return .noContent
    }
}
