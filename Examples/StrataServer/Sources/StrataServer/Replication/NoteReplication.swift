import Hummingbird
import ServerAPI
import Strata
import StrataReplicationServer
import StrataSync

/// The service's replication: each user's notes, kept in step with that user's devices through
/// `GET /replication/changes` and `POST /replication/batches` (docs/server-example.md).
enum NoteReplication {
    /// The models replicas exchange.
    static let models: [any Syncable.Type] = [Note.self]

    /// A server for the notes in `container`: a device sees and changes its user's notes only,
    /// and the later `updatedAt` wins a conflict.
    /// - Throws: ``ReplicationError`` `invalidSetup` when the store keeps no history.
    static func server(container: ModelContainer) throws -> ReplicationServer<String> {
        let scope = ReplicationScope<String>().restricting(Note.self, by: \.owner) { user in user }
        return try ReplicationServer(container: container, models: models, conflicts: .newerWins(), scope: scope)
    }

    /// Adds the two endpoints to `router`, for the user an `Authorization: Bearer <user>` header
    /// names. (A real service checks a token here; the example trusts the name.)
    /// - Throws: as ``server(container:)``.
    static func register(on router: Router<ServerRequestContext>, container: ModelContainer) throws {
        ReplicationRoutes<String, ServerRequestContext>(server: try server(container: container)) { request, _ in try user(of: request) }.register(on: router)
    }

    /// The user an `Authorization: Bearer <user>` header names.
    /// - Throws: ``MissingUser`` when there is no such header.
    static func user(of request: Request) throws -> String {
        guard let header = request.headers[.authorization], header.hasPrefix("Bearer ") else { throw MissingUser() }
        let user = header.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces)
        guard !user.isEmpty else { throw MissingUser() }
        return user
    }

    /// A request that names no user.
    struct MissingUser: Error {}
}
