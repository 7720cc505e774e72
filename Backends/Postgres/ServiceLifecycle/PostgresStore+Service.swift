import ServiceLifecycle
import StrataPostgres

/// A PostgreSQL store as a swift-service-lifecycle `Service`: add it to the app's
/// `ServiceGroup` (after the services that use it, so it shuts down after them), and on graceful
/// shutdown it stops taking work, lets the work under way finish and closes its connections.
///
/// ```swift
/// let store = container.dataStore as! PostgresStore
/// let group = ServiceGroup(services: [store, httpServer], gracefulShutdownSignals: [.sigterm], logger: logger)
/// try await group.run()
/// ```
extension PostgresStore: Service {
    /// Waits for graceful shutdown (or cancellation), then runs ``PostgresStore/shutdown()``.
    public func run() async throws {
        // Returns when graceful shutdown begins, throws CancellationError when cancelled: either way, shut down.
        try? await gracefulShutdown()
        await shutdown()
    }
}
