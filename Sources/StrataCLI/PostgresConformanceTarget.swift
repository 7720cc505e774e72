import Foundation
import Strata
import StrataConformance
import StrataPostgres

/// `strata conformance --store postgres://…`: a fresh PostgreSQL schema per case in the URL's
/// database; those taken are dropped together, on one connection.
struct PostgresConformanceTarget: ConformanceTarget {
    /// How long the check before the run waits for the server when the URL sets no `connect_timeout`.
    static let checkTimeout = 5

    let settings: PostgresConnectionSettings
    /// The settings of the check: ``settings`` with ``checkTimeout`` unless the URL chose a timeout.
    let checkSettings: PostgresConnectionSettings
    let namespaces = PostgresRunNamespaces()

    /// A target on the server and database `address` names.
    /// - Throws: ``PostgresError`` for a malformed URL.
    init(address: String) throws {
        settings = try PostgresConnectionSettings(url: address)
        let choseTimeout = URLComponents(string: address)?.queryItems?.contains { $0.name == "connect_timeout" } ?? false
        checkSettings = choseTimeout ? settings : try PostgresConnectionSettings(
            endpoints: settings.endpoints, user: settings.user, password: settings.password, database: settings.database,
            sslMode: settings.sslMode, connectTimeout: Self.checkTimeout, applicationName: settings.applicationName,
            sslRootCertificate: settings.sslRootCertificate, targetSessionAttributes: settings.targetSessionAttributes,
            statementTimeout: settings.statementTimeout, options: settings.options)
    }

    var backend: ConformanceBackend {
        ConformanceBackend(name: "postgresql", capabilities: PostgresStore.declaredCapabilities) { [settings, namespaces] _ in
            PostgresConfiguration(settings: settings, namespace: namespaces.next())
        }
    }

    var summary: String { "PostgreSQL at \(settings), one schema per case named \(namespaces.prefix)N" }
    var place: String { "\(settings)" }
    var kept: String { "kept the schemas named \(namespaces.prefix)N" }

    func checkConfiguration() throws -> any DataStoreConfiguration {
        var configuration = PostgresConfiguration(settings: checkSettings, namespace: namespaces.next())
        configuration.poolSize = 1
        return configuration
    }

    func takeCreated() -> @Sendable () throws -> Void {
        { [settings, namespaces = namespaces.takeUndropped()] in try PostgresStore.dropNamespaces(namespaces, settings: settings) }
    }
}
