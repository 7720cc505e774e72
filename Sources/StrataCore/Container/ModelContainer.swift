import Foundation
import Synchronization
import CoreMetrics
import Logging
import Tracing

/// Owns a schema and the store that persists it; hands out contexts.
///
/// ```swift
/// let container = try ModelContainer(for: Trip.self, configurations: InMemoryConfiguration())
/// let context = ModelContext(container)
/// ```
/// A container is `Sendable`: share one per process and create a context per task or request.
public final class ModelContainer: @unchecked Sendable {
    /// Every entity the container persists.
    public let schema: Schema
    /// The configuration of each store, with the schema injected.
    public let configurations: [any DataStoreConfiguration]
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// The store behind every context of this container.
    public let dataStore: any DataStore
    /// Where the container's contexts report what an app should know about, such as a fetch
    /// evaluated in memory because the store could not translate all of it (`.warning`).
    /// Silent unless the app passes a logger at init.
    public let logger: Logger
    /// Metrics and spans of the store calls, when the app bootstrapped a backend for either.
    let instrumentation: StoreInstrumentation?
    @MainActor private var createdMainContext: ModelContext?
    private let queryGeneration = Atomic<Int>(0)
    /// Identifies this container's saves in the store's history, so it can tell them from others'.
    let changeOrigin = UUID()
    /// Whether the store records history, so saves hand it a ``HistoryDraft``.
    let recordsHistory: Bool
    /// Every committed change: this container's contexts' saves, and others' while watched.
    let changeFeed: ChangeFeed
    /// Watches the store for other processes' commits while the feed has a subscriber that wants them.
    private let externalChanges: ExternalChangeRelay?

    /// Creates the container and opens its store.
    /// - Throws: ``SwiftDataError/unsupportedAttributeType`` or ``SwiftDataError/invalidSchema`` for a bad
    ///   schema, ``SwiftDataError/unsupportedConfiguration`` for anything but exactly one configuration,
    ///   or the store's own error when it cannot open.
    public convenience init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [any DataStoreConfiguration],
        logger: Logger = ModelContainer.silentLogger
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: configurations, logger: logger, metrics: MetricsSystem.factory, tracer: InstrumentationSystem.tracer)
    }

    /// Creates the container reporting to `metrics` and `tracer`; the public initializers pass
    /// what the app bootstrapped, tests (which share one process) their own.
    init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)?, configurations: [any DataStoreConfiguration], logger: Logger,
        metrics: any MetricsFactory, tracer: any Tracer
    ) throws {
        try schema.validate()
        guard configurations.count == 1, let configuration = configurations.first else {
            throw SwiftDataError.unsupportedConfiguration.with(
                "a Strata container takes exactly one store configuration; \(configurations.count) were given")
        }
        try configuration.validate()
        if let migrationPlan { try MigrationPath.validate(migrationPlan) }
        let (store, injected) = try Self.openStore(configuration, schema: schema, logger: logger, migrationPlan: migrationPlan)
        self.schema = schema
        self.migrationPlan = migrationPlan
        self.configurations = [injected]
        self.dataStore = store
        self.recordsHistory = (store as? any HistoryRecording)?.recordsHistory ?? false
        self.logger = logger
        self.instrumentation = StoreInstrumentation.make(systemName: store.databaseSystemName, metrics: metrics, tracer: tracer)
        let watcher = Mutex<ExternalChangeRelay?>(nil)
        self.changeFeed = ChangeFeed { watcher.withLock { $0 }?.reconcile() }
        if let observing = store as? any ExternalCommitObserving {
            self.externalChanges = ExternalChangeRelay(store: observing, origin: changeOrigin, feed: changeFeed, logger: logger)
            watcher.withLock { $0 = externalChanges }
        } else {
            self.externalChanges = nil
        }
    }

    deinit {
        externalChanges?.stop()
    }

    /// A logger that drops every message: the default, so nothing is printed unless the app asks.
    public static var silentLogger: Logger {
        Logger(label: "strata", factory: { _ in SwiftLogNoOpLogHandler() })
    }

    /// Creates the container for model types (and the types they relate to) over the given stores.
    /// - Throws: as ``init(for:migrationPlan:configurations:)``.
    public convenience init(
        for types: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations configuration: any DataStoreConfiguration, _ more: any DataStoreConfiguration..., logger: Logger = ModelContainer.silentLogger
    ) throws {
        try self.init(for: Schema(types), migrationPlan: migrationPlan, configurations: [configuration] + more, logger: logger)
    }

    /// Creates the container for a schema over the given stores.
    /// - Throws: as ``init(for:migrationPlan:configurations:)``.
    public convenience init(
        for schema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations configuration: any DataStoreConfiguration, _ more: any DataStoreConfiguration..., logger: Logger = ModelContainer.silentLogger
    ) throws {
        try self.init(for: schema, migrationPlan: migrationPlan, configurations: [configuration] + more, logger: logger)
    }

    /// The main actor's context, created on first use.
    @MainActor public var mainContext: ModelContext {
        if let createdMainContext { return createdMainContext }
        let context = ModelContext(self)
        context.autosaveEnabled = true
        createdMainContext = context
        return context
    }

    /// Deletes every row of the store, then posts ``ModelContext/didSave`` with this container
    /// as `object` and ``ModelContext/NotificationKey/invalidatedAllIdentifiers`` set.
    /// - Throws: the store's error, or ``DataStoreError/unsupportedFeature``.
    public func erase() throws {
        try dataStore.erase()
        changeFeed.publish(.everything(isExternal: false))
        NotificationCenter.default.post(name: ModelContext.didSave, object: self, userInfo: [
            ModelContext.NotificationKey.invalidatedAllIdentifiers.rawValue: true,
            ModelContext.NotificationKey.queryGeneration.rawValue: advanceQueryGeneration(),
        ])
    }

    /// Counts one more save or erase; the new count is the ``ModelContext/NotificationKey/queryGeneration``.
    func advanceQueryGeneration() -> Int {
        queryGeneration.add(1, ordering: .relaxed).newValue
    }

    /// Deletes every row of the store, ignoring failures (SwiftData's iOS 17 spelling).
    public func deleteAllData() {
        try? erase()
    }

    private static func openStore<Configuration: DataStoreConfiguration>(
        _ configuration: Configuration, schema: Schema, logger: Logger, migrationPlan: (any SchemaMigrationPlan.Type)?
    ) throws -> (any DataStore, any DataStoreConfiguration) {
        var configuration = configuration
        configuration.schema = schema
        if var logging = configuration as? any LoggingDataStoreConfiguration, logging.logger == nil {
            logging.logger = logger
            configuration = logging as! Configuration
        }
        return (try Configuration.Store(configuration, migrationPlan: migrationPlan), configuration)
    }
}
