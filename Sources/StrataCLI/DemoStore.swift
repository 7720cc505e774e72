import Foundation
import Strata
import StrataPostgres

/// The store `strata demo` and `strata explain` work on, as `--store` selects it.
enum DemoStore {
    /// Opens a container of the demo's models on `store` (a fresh SQLite file in a temporary
    /// directory when nil), with `trace` installed where SQL runs; once it is open, prints where
    /// the data lives.
    /// - Throws: ``StrataCLIError`` for a path that exists or a directory that cannot be made, and
    ///   ``StrataCLIError/storeUnavailable(_:reason:)`` when the store cannot be opened;
    ///   ``PostgresError`` for a malformed URL.
    static func open(_ store: StoreArgument?, trace: @escaping @Sendable (String) -> Void) throws -> ModelContainer {
        let target = try target(store, trace: trace)
        let container: ModelContainer
        do {
            container = try ModelContainer(for: Trip.self, Stop.self, configurations: target.configuration)
        } catch {
            throw StrataCLIError.storeUnavailable(target.place, error)
        }
        print(target.banner)
        return container
    }

    /// The configuration for `store`, where it points (for an error), and what to print once it is open.
    private static func target(
        _ store: StoreArgument?, trace: @escaping @Sendable (String) -> Void
    ) throws -> (configuration: any DataStoreConfiguration, place: String, banner: String) {
        let url: URL
        switch store {
        case .memory:
            return (InMemoryConfiguration(), "memory", "store: in memory (InMemoryConfiguration). No SQL runs: predicates are evaluated in Swift.")
        case .postgres(let address):
            let namespace = "strata_demo_\(UUID().uuidString.prefix(8).lowercased())"
            var configuration = try PostgresConfiguration(url: address, namespace: namespace)
            configuration.trace = trace
            let banner = "store: PostgreSQL \(configuration.settings), in a new schema \(namespace) (drop it with DROP SCHEMA \"\(namespace)\" CASCADE)\n"
                + "SQL below shows $N where a value is bound, never written into the SQL"
            return (configuration, "\(configuration.settings)", banner)
        case .sqlite(let given):
            url = try SQLitePath.newDatabase(given)
        case nil:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-demo-\(UUID().uuidString)")
            try SQLitePath.createDirectory(directory)
            url = directory.appendingPathComponent("trips.sqlite")
        }
        var configuration = SQLiteConfiguration(url: url)
        configuration.trace = trace
        let banner = "store: SQLite database file \(url.path)\n"
            + "SQL below shows ? where a value is bound (the binds in order), never written into the SQL"
        return (configuration, url.path, banner)
    }
}
