import StrataCore

/// A backend under test: its name, its capabilities, and a factory for fresh stores.
///
/// ```swift
/// let backend = ConformanceBackend(name: "json-file", capabilities: .all) { caseID in
///     JSONFileConfiguration(url: temporaryDirectory.appending(path: "\(caseID).json"))
/// }
/// ```
public struct ConformanceBackend: Sendable {
    public let name: String
    /// Usually the store's own declaration (`MyStore.declaredCapabilities`).
    public let capabilities: BackendCapabilities
    /// Cases the backend is known to fail, by case ID, with the reason. Strict: a listed case
    /// that passes fails the run, so the list never goes stale.
    public let knownFailures: [String: String]
    /// Returns the configuration of a new, empty store that no other case uses. A case may open
    /// one configuration several times (``ConformanceEnvironment/makeContainer(for:configuration:)``);
    /// a backend that declares ``StoreCapabilities/Feature/reopening`` must then open the same
    /// data each time.
    public let makeConfiguration: @Sendable (_ caseID: String) throws -> any DataStoreConfiguration

    public init(
        name: String, capabilities: BackendCapabilities, knownFailures: [String: String] = [:],
        makeConfiguration: @escaping @Sendable (_ caseID: String) throws -> any DataStoreConfiguration
    ) {
        self.name = name
        self.capabilities = capabilities
        self.knownFailures = knownFailures
        self.makeConfiguration = makeConfiguration
    }
}
