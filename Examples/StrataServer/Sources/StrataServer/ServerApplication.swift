import Hummingbird
import Logging
import ServerAPI
import Strata

/// Builds the service: its routes over `container`, errors as JSON.
public enum ServerApplication {
    /// The router: `/projects` and `/items`, every error answered by ``ErrorMiddleware``.
    public static func router(container: ModelContainer) -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        router.add(middleware: ErrorMiddleware { APIError(strata: $0) })
        ProjectRoutes(container: container).register(on: router.group("projects"))
        ItemRoutes(container: container).register(on: router.group("items"))
        return router
    }

    /// The application serving ``router(container:)`` on `host`:`port`.
    public static func make(container: ModelContainer, host: String, port: Int, logger: Logger) -> some ApplicationProtocol {
        Application(
            router: router(container: container),
            configuration: .init(address: .hostname(host, port: port), serverName: "StrataServer"),
            logger: logger)
    }
}
