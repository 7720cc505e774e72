import Hummingbird

/// The five routes of a REST resource, so both services expose the same paths:
/// `POST /`, `GET /`, `GET /:id`, `PATCH /:id` and `DELETE /:id` of the group they are registered on.
public protocol ResourceRoutes: Sendable {
    /// What `POST` answers.
    associatedtype Created: ResponseGenerator
    /// What `GET /` answers.
    associatedtype Listed: ResponseGenerator
    /// What `GET /:id` and `PATCH /:id` answer.
    associatedtype Shown: ResponseGenerator

    /// `POST /`.
    func create(_ request: Request, context: ServerRequestContext) async throws -> Created
    /// `GET /`.
    func list(_ request: Request, context: ServerRequestContext) async throws -> Listed
    /// `GET /:id`.
    func show(_ request: Request, context: ServerRequestContext) async throws -> Shown
    /// `PATCH /:id`.
    func update(_ request: Request, context: ServerRequestContext) async throws -> Shown
    /// `DELETE /:id`.
    func delete(_ request: Request, context: ServerRequestContext) async throws -> HTTPResponse.Status
}

extension ResourceRoutes {
    /// Adds the five routes to `group`; another method on their paths (`PUT /:id`) gets 405.
    public func register(on group: RouterGroup<ServerRequestContext>) {
        group.post { try await create($0, context: $1) }
        group.get { try await list($0, context: $1) }
        group.get(":id") { try await show($0, context: $1) }
        group.patch(":id") { try await update($0, context: $1) }
        group.delete(":id") { try await delete($0, context: $1) }
        group.refuseMethods(except: [.get, .post], on: "")
        group.refuseMethods(except: [.get, .patch, .delete], on: ":id")
    }
}

extension ServerRequestContext {
    /// The `:id` path parameter.
    /// - Throws: `HTTPError` 400 when it is not a number.
    public var resourceKey: Int64 {
        get throws { try parameters.require("id", as: Int64.self) }
    }
}
