import Foundation
import Strata
import StrataPostgres

/// The store `strata demo` and `strata explain` work on, as `--store` selects it.
enum DemoStore {
    /// The configuration for `store` (a fresh SQLite file in a temporary directory when nil),
    /// with `trace` installed where SQL runs; prints where the data lives.
    /// - Throws: ``StrataCLIError`` for an existing file; ``PostgresError`` for a malformed URL.
    static func configuration(_ store: StoreArgument?, trace: @escaping @Sendable (String) -> Void) throws -> any DataStoreConfiguration {
        let url: URL
        switch store {
        case .memory:
            print("store: in memory (InMemoryConfiguration). No SQL runs: predicates are evaluated in Swift.")
            return InMemoryConfiguration()
        case .postgres(let address):
            let namespace = "strata_demo_\(UUID().uuidString.prefix(8).lowercased())"
            var configuration = try PostgresConfiguration(url: address, namespace: namespace)
            print("store: PostgreSQL \(configuration.settings), in a new schema \(namespace) (drop it with DROP SCHEMA \"\(namespace)\" CASCADE)")
            print("SQL below shows $N where a value is bound, never written into the SQL")
            configuration.trace = trace
            return configuration
        case .sqlite(let given):
            guard !FileManager.default.fileExists(atPath: given.path) else { throw StrataCLIError.demoDatabaseExists(given.path) }
            try FileManager.default.createDirectory(at: given.deletingLastPathComponent(), withIntermediateDirectories: true)
            url = given
        case nil:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strata-demo-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            url = directory.appendingPathComponent("trips.sqlite")
        }
        print("store: SQLite database file \(url.path)")
        print("SQL below shows ? where a value is bound (the binds in order), never written into the SQL")
        var configuration = SQLiteConfiguration(url: url)
        configuration.trace = trace
        return configuration
    }
}
