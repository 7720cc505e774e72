import Foundation

/// The persisted form of one property value, as stores read and write it.
///
/// Every supported attribute type maps onto one of these cases through its ``ValueCodec``
/// (for example `Float` and `Double` become ``double(_:)``, `URL` becomes ``string(_:)``,
/// a `Codable` struct becomes ``data(_:)`` holding JSON). Relationships are stored as the
/// identifiers of the related models.
public enum PersistentValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case uuid(UUID)
    case decimal(Decimal)
    /// A to-one relationship's target.
    indirect case identifier(PersistentIdentifier)
    /// A to-many relationship's targets.
    indirect case identifiers([PersistentIdentifier])

    /// Whether this is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The models a relationship value names: its target, its targets, or none (`nil`, ``null``).
    public static func identifiers(in value: PersistentValue?) -> [PersistentIdentifier] {
        switch value {
        case .identifier(let identifier)?: [identifier]
        case .identifiers(let identifiers)?: identifiers
        default: []
        }
    }

    /// Rewrites identifiers found in `map` (the temporary→permanent map of a save).
    public func remapped(_ map: [PersistentIdentifier: PersistentIdentifier]) -> PersistentValue {
        switch self {
        case .identifier(let id): return .identifier(map[id] ?? id)
        case .identifiers(let ids): return .identifiers(ids.map { map[$0] ?? $0 })
        default: return self
        }
    }
}
