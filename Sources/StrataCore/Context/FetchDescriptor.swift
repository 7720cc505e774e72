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
    /// The attributes to load now; empty (the default) loads every one. A store may leave the
    /// others out, and the context then loads them on first read or write, for every model of
    /// the fetch at once. Relationships are always loaded; key paths that name no stored
    /// attribute are ignored. A model the context already holds keeps its values.
    public var propertiesToFetch: [PartialKeyPath<T>] = [] { didSet { noteNamedKeyPaths() } }
    /// Relationships whose models the fetch loads along with its own: one query per
    /// relationship, not per model, so reading them later costs no store call. Key paths that
    /// name no relationship are ignored.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = [] { didSet { noteNamedKeyPaths() } }
    /// Whether ``propertiesToFetch`` or ``relationshipKeyPathsForPrefetching`` names a key path.
    /// Most fetches name none; the flag says so without reading the lists, which code not
    /// specialized for `T` reads through their generic metadata.
    private(set) var namesKeyPaths = false

    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }

    private mutating func noteNamedKeyPaths() {
        namesKeyPaths = !propertiesToFetch.isEmpty || !relationshipKeyPathsForPrefetching.isEmpty
    }
}

extension FetchDescriptor {
    /// The stored attributes of `entity` that ``propertiesToFetch`` names, or `nil` when it asks
    /// for every one (empty, or naming them all): what a store must load.
    public func fetchedAttributeNames(of entity: Schema.Entity) -> Set<String>? {
        guard namesKeyPaths, !propertiesToFetch.isEmpty else { return nil }
        let named = Set(propertiesToFetch.map { $0 as AnyKeyPath })
        let stored = entity.storedAttributes
        let fetched = Set(stored.lazy.filter { named.contains($0.keyPath) }.map(\.name))
        return fetched.count == stored.count ? nil : fetched
    }

    /// Checks that ``propertiesToFetch`` names only persisted properties of `entity` (or
    /// `persistentModelID`) and ``relationshipKeyPathsForPrefetching`` only its relationships.
    /// - Throws: ``SwiftDataError/unsupportedKeyPath`` naming the first key path that does not.
    func validateKeyPaths(for entity: Schema.Entity) throws {
        guard namesKeyPaths else { return }
        if !propertiesToFetch.isEmpty {
            let persisted = Set(entity.properties.map(\.keyPath))
            for keyPath in propertiesToFetch where !persisted.contains(keyPath) && keyPath != \T.persistentModelID {
                throw SwiftDataError.unsupportedKeyPath.with(
                    "propertiesToFetch names \(keyPath), which is not a persisted property of \(entity.name)", entity: entity.name)
            }
        }
        if !relationshipKeyPathsForPrefetching.isEmpty {
            let relationships = Set(entity.relationships.map(\.keyPath))
            for keyPath in relationshipKeyPathsForPrefetching where !relationships.contains(keyPath) {
                throw SwiftDataError.unsupportedKeyPath.with(
                    "relationshipKeyPathsForPrefetching names \(keyPath), which is not a relationship of \(entity.name)", entity: entity.name)
            }
        }
    }

    /// The relationships of `entity` that ``relationshipKeyPathsForPrefetching`` names, in order.
    public func prefetchedRelationships(of entity: Schema.Entity) -> [Schema.Relationship] {
        guard namesKeyPaths, !relationshipKeyPathsForPrefetching.isEmpty else { return [] }
        let named = relationshipKeyPathsForPrefetching.map { $0 as AnyKeyPath }
        return named.compactMap { keyPath in entity.relationships.first { $0.keyPath == keyPath } }
    }
}
