import Logging

/// A store configuration whose store logs (statements, warnings) through a swift-log `Logger`.
///
/// When ``logger`` is `nil`, the container hands the store its own logger
/// (``ModelContainer/logger``), so one `ModelContainer(…, logger:)` covers both.
public protocol LoggingDataStoreConfiguration: DataStoreConfiguration {
    /// Where the store logs; `nil` for the container's logger.
    var logger: Logger? { get set }
}

extension LoggingDataStoreConfiguration {
    /// The store's logger, once the container has opened it; silent when there is none.
    public var effectiveLogger: Logger { logger ?? ModelContainer.silentLogger }

    /// Logs the SQL text of a statement at `debug`, then calls `trace`: the statement hook a SQL
    /// store installs on its connections (`nil` when neither logs nor traces, so a statement
    /// then costs nothing). Bound values are never logged: they are user data.
    public func statementObserver(trace: (@Sendable (String) -> Void)?) -> (@Sendable (String) -> Void)? {
        let logger = effectiveLogger
        guard logger.logLevel <= .debug else { return trace }
        return { sql in
            logger.debug("statement", metadata: ["db.query.text": "\(sql)"])
            trace?(sql)
        }
    }
}
