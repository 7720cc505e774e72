/// Errors a store reports about a request it cannot serve as asked (SwiftData's cases).
public enum DataStoreError: Error, Hashable, Sendable {
    /// The predicate cannot be evaluated at all.
    case invalidPredicate
    /// The store cannot translate the predicate; the context filters in memory instead.
    case preferInMemoryFilter
    /// The store cannot translate a sort descriptor; the context sorts in memory instead.
    case preferInMemorySort
    /// The store does not implement the requested operation.
    case unsupportedFeature
}
