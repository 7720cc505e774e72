/// The Sendable, Codable form of one model that contexts and stores exchange.
///
/// Most stores use ``DefaultSnapshot``. A custom snapshot type reads a model through
/// ``BackingData/persistentValue(forProperty:)`` and answers ``value(forProperty:)`` by name.
public protocol DataStoreSnapshot: Codable, Sendable {
    /// Builds the snapshot of a model about to be saved.
    init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData])
    var persistentIdentifier: PersistentIdentifier { get }
    /// A copy under a new identifier, with relationship values rewritten through `remappedIdentifiers`.
    func copy(persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> Self
    /// The persisted value of a property; `nil` when the snapshot does not hold that property.
    ///
    /// Strata reads snapshots by property name instead of decoding them through `Codable`
    /// as SwiftData does: it is the same key space, without an encoder round trip per row.
    func value(forProperty name: String) -> PersistentValue?
}

/// The coding keys of a snapshot, as SwiftData names them.
public enum DataStoreSnapshotCodingKey: CodingKey, Hashable, Sendable {
    case persistentIdentifier
    case modeledProperty(String)

    public var stringValue: String {
        switch self {
        case .persistentIdentifier: return "persistentIdentifier"
        case .modeledProperty(let name): return name
        }
    }

    public init?(stringValue: String) {
        self = stringValue == "persistentIdentifier" ? .persistentIdentifier : .modeledProperty(stringValue)
    }

    public var intValue: Int? { nil }
    public init?(intValue: Int) { nil }
}

/// Values a snapshot may carry (SwiftData's spelling).
public typealias DataStoreSnapshotValue = Codable & Sendable
