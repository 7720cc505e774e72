/// A store's typed error that can say the store's data could not be loaded at all (not a
/// database, damaged), so that SwiftData's `catch SwiftDataError.loadIssueModelContainer`
/// matches it while the store keeps its own, more precise error type.
public protocol StoreLoadIssue: Error {
    /// Whether this error means the store's data cannot be loaded.
    var isStoreLoadIssue: Bool { get }
}
