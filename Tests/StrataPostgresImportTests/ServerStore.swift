import Strata
import StrataPostgres

/// The one file of this module that chooses PostgreSQL, as a server app's configuration file
/// does. It makes no other file of the module call the suspending context methods: StrataPostgres
/// re-exports nothing that changes which overload SwiftData code picks.
enum ServerStore {
    /// The container a deployment would open; `url` names the database.
    static func configuration(url: String) throws -> PostgresConfiguration {
        var configuration = try PostgresConfiguration(url: url)
        configuration.poolSize = 4
        return configuration
    }
}
