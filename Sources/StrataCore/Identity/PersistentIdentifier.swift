import Synchronization

/// The identity of one persisted model: the store that owns it, its entity, and its primary key.
///
/// A model inserted into a context gets a *temporary* identifier (no store identifier); the first
/// save replaces it with the *permanent* one the store mints. Unlike SwiftData, the primary key is
/// public, so a store never needs private tricks to find the row an identifier names.
public struct PersistentIdentifier: Hashable, Comparable, @unchecked Sendable, Identifiable, CustomStringConvertible {
    /// The address of the ``Origin`` (store and entity) the identifier belongs to. Origins are
    /// interned and live as long as the process, so copying an identifier counts no references
    /// and two identifiers compare their origins by address. (An address, not an
    /// `unowned(unsafe)` reference: the compiler mis-destroys structs holding one.)
    let originAddress: UnsafeRawPointer
    private var origin: Origin { Unmanaged<Origin>.fromOpaque(originAddress).takeUnretainedValue() }
    /// The row's key inside its store (a counter value for temporary identifiers).
    public let primaryKey: PrimaryKey

    /// The identifier of the store that minted this identifier, or `nil` while it is temporary.
    public var storeIdentifier: String? { origin.storeIdentifier }
    /// The name of the model's entity in the schema.
    public var entityName: String { origin.entityName }

    /// An identifier is its own stable identity.
    public var id: PersistentIdentifier { self }

    /// Whether this identifier was assigned by a context and not yet replaced by a store.
    public var isTemporary: Bool { origin.storeIdentifier == nil }

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
        self.init(origin: .of(storeIdentifier: storeIdentifier, entityName: entityName), primaryKey: primaryKey)
    }

    /// Creates an identifier of `origin`; a store decoding many rows looks the origin up once.
    public init(origin: Origin, primaryKey: PrimaryKey) {
        self.originAddress = UnsafeRawPointer(Unmanaged.passUnretained(origin).toOpaque())
        self.primaryKey = primaryKey
    }

    /// Mints a temporary identifier, unique within this process, for a newly inserted model.
    public static func temporary(entityName: String) -> PersistentIdentifier {
        temporary(of: .of(storeIdentifier: nil, entityName: entityName))
    }

    /// Mints a temporary identifier of `origin`, which has no store identifier.
    static func temporary(of origin: Origin) -> PersistentIdentifier {
        let next = temporaryCounter.add(1, ordering: .relaxed).newValue
        return PersistentIdentifier(origin: origin, primaryKey: .integer(Int64(next)))
    }

    public static func == (lhs: PersistentIdentifier, rhs: PersistentIdentifier) -> Bool {
        lhs.originAddress == rhs.originAddress && lhs.primaryKey == rhs.primaryKey
    }

    /// Hashes the primary key only: it tells rows apart almost always, and hashing the store's
    /// identifier string for every lookup would dominate identity-map costs.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(primaryKey)
    }

    /// The hash `Set` and `Dictionary` use. Integer keys are mixed with a SplitMix64 finalizer
    /// instead of SipHash: identity maps hash every key they touch, and these keys are minted by
    /// stores and contexts, not chosen by a client that could aim for collisions.
    public func _rawHashValue(seed: Int) -> Int {
        guard case .integer(let key) = primaryKey else { return primaryKey._rawHashValue(seed: seed) }
        var mixed = UInt64(bitPattern: key) ^ UInt64(UInt(bitPattern: seed))
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
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

extension PersistentIdentifier {
    /// One store's identifiers for one entity. Origins are interned and never freed, so
    /// ``of(storeIdentifier:entityName:)`` returns the same object for the same pair.
    public final class Origin: Sendable {
        /// The store's identifier; `nil` for the temporary identifiers contexts mint.
        public let storeIdentifier: String?
        /// The name of the entity in the schema.
        public let entityName: String

        private init(uniqueStoreIdentifier storeIdentifier: String?, entityName: String) {
            self.storeIdentifier = storeIdentifier
            self.entityName = entityName
        }

        /// The origin of `entityName` in the store `storeIdentifier` (a dictionary look-up under a
        /// lock: decode many rows with one origin rather than calling this per row).
        public static func of(storeIdentifier: String?, entityName: String) -> Origin {
            let key = Key(storeIdentifier: storeIdentifier, entityName: entityName)
            return interned.withLock { table in
                if let origin = table[key] { return origin }
                let origin = Origin(uniqueStoreIdentifier: storeIdentifier, entityName: entityName)
                table[key] = origin
                return origin
            }
        }

        private struct Key: Hashable {
            let storeIdentifier: String?
            let entityName: String
        }

        private static let interned = Mutex<[Key: Origin]>([:])
    }
}

extension PersistentIdentifier: Codable {
    private enum CodingKeys: String, CodingKey {
        case storeIdentifier, entityName, primaryKey
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            storeIdentifier: try container.decodeIfPresent(String.self, forKey: .storeIdentifier),
            entityName: try container.decode(String.self, forKey: .entityName),
            primaryKey: try container.decode(PrimaryKey.self, forKey: .primaryKey))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(storeIdentifier, forKey: .storeIdentifier)
        try container.encode(entityName, forKey: .entityName)
        try container.encode(primaryKey, forKey: .primaryKey)
    }
}

private let temporaryCounter = Atomic<Int>(0)
