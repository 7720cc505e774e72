import Foundation
import StrataConformance
import StrataCore
@testable import StrataPostgres

/// A PostgreSQL store of conformance `Row`s in a fresh database, with a superuser connection
/// that can terminate the store's backends.
struct StoreFixture {
    let cluster: TestCluster
    let container: ModelContainer
    let store: PostgresStore
    let url: String

    /// - Parameters:
    ///   - poolSize: the store's connections.
    ///   - trace: called with every statement the store runs, on the worker that runs it.
    ///   - urlParameters: more query parameters for the stores' URL (`statement_timeout=1000`).
    ///   - configure: changes the configuration further (both stores get it).
    init(
        cluster: TestCluster, poolSize: Int = 1, trace: (@Sendable (String) -> Void)? = nil, urlParameters: String? = nil,
        configure: (inout PostgresConfiguration) throws -> Void = { _ in }
    ) throws {
        self.cluster = cluster
        let url = try cluster.makeDatabase(named: "fixture")
        self.url = url
        var configuration = try PostgresConfiguration(url: urlParameters.map { url + (url.contains("?") ? "&" : "?") + $0 } ?? url)
        configuration.poolSize = poolSize
        configuration.trace = trace
        try configure(&configuration)
        container = try ModelContainer(for: Row.self, configurations: configuration)
        var direct = configuration
        direct.schema = Schema([Row.self])
        store = try PostgresStore(direct, migrationPlan: nil)
    }

    /// Ends every backend of the `strata` role in this store's database but the caller's, and
    /// waits until they are gone.
    func terminateStoreBackends() throws {
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        let database = URLComponents(string: url)!.path.dropFirst()
        _ = try admin.execute(
            "SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
            [PostgresParameter(.string(String(database)))])
    }

    /// The container's own store.
    var containerStore: PostgresStore { container.dataStore as! PostgresStore }

    /// How many backends of the `strata` role are connected to this store's database, but the
    /// caller's and the one with process ID `excluded`.
    func backendCount(excluding excluded: Int32 = 0) throws -> Int {
        let admin = try PostgresConnection(conninfo: cluster.superuserURL ?? url)
        defer { admin.close() }
        let database = URLComponents(string: url)!.path.dropFirst()
        let result = try admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND usename = 'strata' AND pid <> pg_backend_pid() AND pid <> $2",
            [PostgresParameter(.string(String(database))), PostgresParameter(.integer(Int64(excluded)))])
        return Int(result.int64(row: 0, column: 0) ?? -1)
    }

    /// How many rows the database holds, read on a fresh connection.
    func storedRowCount() throws -> Int {
        let reader = try PostgresConnection(conninfo: url)
        defer { reader.close() }
        return Int(try reader.execute("SELECT count(*) FROM \"Row\"").int64(row: 0, column: 0) ?? -1)
    }
}
