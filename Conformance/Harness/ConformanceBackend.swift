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
    public let capabilities: BackendCapabilities
    /// Returns the configuration of a new, empty store that no other case uses.
    public let makeConfiguration: @Sendable (_ caseID: String) throws -> any DataStoreConfiguration

    public init(name: String, capabilities: BackendCapabilities, makeConfiguration: @escaping @Sendable (_ caseID: String) throws -> any DataStoreConfiguration) {
        self.name = name
        self.capabilities = capabilities
        self.makeConfiguration = makeConfiguration
    }
}
