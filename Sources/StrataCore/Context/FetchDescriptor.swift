import Foundation

/// What to fetch: a predicate, a sort, and a window (offset and limit).
///
/// ```swift
/// var recent = FetchDescriptor<Trip>(predicate: #Predicate { $0.budget != nil },
///                                    sortBy: [SortDescriptor(\.start, order: .reverse)])
/// recent.fetchLimit = 10
/// ```
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    public var predicate: Predicate<T>?
    public var sortBy: [SortDescriptor<T>]
    /// The most models to return; `nil` for all.
    public var fetchLimit: Int?
    /// How many matching models to skip first.
    public var fetchOffset: Int?
    /// Whether unsaved inserts, changes and deletes of the context take part (default `true`).
    public var includePendingChanges: Bool = true
    /// Accepted for source compatibility; stores load every property.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Accepted for source compatibility; relationships load on first access.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
