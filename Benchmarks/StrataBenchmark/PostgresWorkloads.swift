// The Strata side of the PostgreSQL mode: the same StrataDatabase workloads, over a
// ModelContainer whose store is a PostgresStore in its own namespace.
import Foundation
import Strata
import StrataPostgres

extension StrataDatabase {
    /// Opens (creating the namespace and table) a PostgresStore in `namespace`, the way a server
    /// opens one. `poolSize` `nil` keeps the store's default.
    convenience init(postgres url: String, namespace: String, poolSize: Int?, traced: Bool = false) throws {
        let log = SQLLog()
        var configuration = try PostgresConfiguration(url: url, namespace: namespace)
        if let poolSize { configuration.poolSize = poolSize }
        if traced { configuration.trace = { log.record($0) } }
        self.init(container: try ModelContainer(for: Task.self, configurations: configuration), log: log)
    }

    /// The store's connection pool size.
    var postgresPoolSize: Int {
        (container.configurations.first as? PostgresConfiguration)?.poolSize ?? 0
    }
}

/// The namespaces (PostgreSQL schemas) one benchmark run creates: a prefix unique to the run,
/// remembered so the run can drop every one at the end.
final class BenchmarkNamespaces {
    let prefix = "strata_bench_" + String(UInt32.random(in: .min ... .max), radix: 16).leftPadded(to: 8)
    let settings: PostgresConnectionSettings
    private(set) var issued: [String] = []

    init(url: String) throws {
        settings = try PostgresConnectionSettings(url: url)
    }

    /// `prefix_suffix`, remembered for ``dropAll()``.
    func make(_ suffix: String) -> String {
        let name = "\(prefix)_\(suffix)"
        issued.append(name)
        return name
    }

    /// Drops one namespace now (a replaced insert run's).
    func drop(_ name: String) throws {
        try PostgresStore.dropNamespace(name, settings: settings)
        issued.removeAll { $0 == name }
    }

    /// Drops every namespace still issued; reports failures on stderr and goes on.
    func dropAll() {
        for name in issued {
            do { try PostgresStore.dropNamespace(name, settings: settings) } catch { log("could not drop \(name): \(error)") }
        }
        issued = []
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
