import Strata
import StrataConformance

/// The store a `strata conformance` run checks: the backend its cases open stores on, a first
/// store opened before any case runs, and the removal of what the cases made.
protocol ConformanceTarget {
    /// The backend the runner hands to every case.
    var backend: ConformanceBackend { get }
    /// Where the cases' stores go, printed before the run.
    var summary: String { get }
    /// Where `--store` points, for an error.
    var place: String { get }
    /// What the run made, printed after it when `--keep` leaves it in place.
    var kept: String { get }

    /// A configuration as a case gets one, but that gives up quickly on a server that does not answer.
    /// - Throws: ``PostgresError`` for settings that cannot be made.
    func checkConfiguration() throws -> any DataStoreConfiguration

    /// Forgets the stores made since the last call and returns the work that removes them, which
    /// may run on another thread while later cases make more.
    func takeCreated() -> @Sendable () throws -> Void

    /// Removes what the run made to hold the stores (a directory it created); call it after the
    /// last removal of stores ended.
    /// - Throws: the file system's error.
    func removeHolder() throws
}

extension ConformanceTarget {
    /// Opens one store of the suite's models, as a case would, then removes it: a store that
    /// cannot be reached, logged into or written stops the run before its first case.
    /// - Throws: ``StrataCLIError/storeUnavailable(_:reason:)`` with the store's error; the
    ///   store's error when the store cannot be removed.
    func check() throws {
        do {
            _ = try ModelContainer(for: Schema(ConformanceModels.all), configurations: [checkConfiguration()])
        } catch {
            throw StrataCLIError.storeUnavailable(place, error)
        }
        try takeCreated()()
    }

    func removeHolder() {}
}
