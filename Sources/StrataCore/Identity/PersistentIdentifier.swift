import Synchronization

/// The identity of one persisted model: the store that owns it, its entity, and its primary key.
///
/// A model inserted into a context gets a *temporary* identifier (no store identifier); the first
/// save replaces it with the *permanent* one the store mints. Unlike SwiftData, the primary key is
/// public, so a store never needs private tricks to find the row an identifier names.
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, Identifiable, CustomStringConvertible {
    /// The identifier of the store that minted this identifier, or `nil` while it is temporary.
    public let storeIdentifier: String?
    /// The name of the model's entity in the schema.
    public let entityName: String
    /// The row's key inside its store (a counter value for temporary identifiers).
    public let primaryKey: PrimaryKey

    /// An identifier is its own stable identity.
    public var id: PersistentIdentifier { self }

    /// Whether this identifier was assigned by a context and not yet replaced by a store.
    public var isTemporary: Bool { storeIdentifier == nil }

    /// Creates a permanent identifier for a row of `entityName` in the store `storeIdentifier`.
    ///
    /// Integer keys of any width become ``PrimaryKey/integer(_:)``, `UUID`s ``PrimaryKey/uuid(_:)``,
    /// strings ``PrimaryKey/string(_:)``; any other key type is kept by its description.
    /// - Throws: never today; the signature matches SwiftData's.
    public static func identifier<Key>(
        for storeIdentifier: String, entityName: String, primaryKey: Key
    ) throws -> PersistentIdentifier
    where Key: Comparable & CustomStringConvertible & Codable & Hashable {
        PersistentIdentifier(storeIdentifier: storeIdentifier, entityName: entityName, primaryKey: PrimaryKey(primaryKey))
    }

    /// Creates an identifier from its parts.
    public init(storeIdentifier: String?, entityName: String, primaryKey: PrimaryKey) {
        self.storeIdentifier = storeIdentifier
        self.entityName = entityName
        self.primaryKey = primaryKey
    }

    /// Mints a temporary identifier, unique within this process, for a newly inserted model.
    public static func temporary(entityName: String) -> PersistentIdentifier {
        let next = temporaryCounter.add(1, ordering: .relaxed).newValue
        return PersistentIdentifier(storeIdentifier: nil, entityName: entityName, primaryKey: .integer(Int64(next)))
    }

    /// Hashes the primary key only: it tells rows apart almost always, and hashing the store's
    /// identifier string for every lookup would dominate identity-map costs.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(primaryKey)
    }

    public static func < (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        if lhs.storeIdentifier != rhs.storeIdentifier {
            return (lhs.storeIdentifier ?? "") < (rhs.storeIdentifier ?? "")
        }
        if lhs.entityName != rhs.entityName { return lhs.entityName < rhs.entityName }
        return lhs.primaryKey < rhs.primaryKey
    }

    public var description: String {
        "\(entityName)(\(primaryKey)\(isTemporary ? ", temporary" : " @ \(storeIdentifier!)"))"
    }
}

private let temporaryCounter = Atomic<Int>(0)
