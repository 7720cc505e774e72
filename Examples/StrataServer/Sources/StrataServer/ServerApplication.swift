import Hummingbird
import Logging
import ServerAPI
import Strata

/// Builds the service: its routes over `container`, errors as JSON.
public enum ServerApplication {
    /// The router: `/projects` and `/items`, every error answered by ``ErrorMiddleware``, and
    /// `/replication` for the notes (``NoteReplication``), whose refusals are the protocol's JSON.
    /// - Throws: ``ReplicationError`` `invalidSetup` when the store keeps no history.
    public static func router(container: ModelContainer) throws -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: ErrorMiddleware { APIError(strata: $0) })
        ProjectRoutes(container: container).register(on: router.group("projects"))
        ItemRoutes(container: container).register(on: router.group("items"))
        try NoteReplication.register(on: router, container: container)
        return router
    }

    /// Opens the store `settings` names and serves ``router(container:)`` on its host and port
    /// until SIGTERM or SIGINT.
    /// - Throws: ``StartupError`` when the store cannot be opened or the address cannot be listened on.
    public static func run(_ settings: ServerSettings) async throws(StartupError) {
        var logger = Logger(label: "strata-server")
        logger.logLevel = settings.logLevel
        let router: Router<ServerRequestContext>
        do {
            router = try Self.router(container: settings.store.makeContainer())
        } catch {
            throw StartupError("cannot open the store \(settings.store)", cause: error, remedy: settings.store.remedy)
        }
        let application = Application(
            router: router,
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "StrataServer"),
            logger: logger)
        do {
            try await application.runService()
        } catch {
            throw StartupError(
                "cannot listen on \(settings.host):\(settings.port)", cause: error,
                remedy: "Set HOST and PORT to an address of this machine that no other process listens on")
        }
    }
}
