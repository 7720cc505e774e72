/// One change of a history transaction: an insert, an update or a delete of one model.
public enum HistoryChange: Sendable {
    case insert(any HistoryInsert)
    case update(any HistoryUpdate)
    case delete(any HistoryDelete)

    /// The model the change concerns.
    public var changedPersistentIdentifier: PersistentIdentifier {
        switch self {
        case .insert(let insert): insert.changedPersistentIdentifier
        case .update(let update): update.changedPersistentIdentifier
        case .delete(let delete): delete.changedPersistentIdentifier
        }
    }
}

/// What every kind of change carries.
public protocol HistoryChangeRecord<Model>: Hashable, Identifiable, Sendable {
    associatedtype Model: PersistentModel
    /// The model the change concerns.
    var changedPersistentIdentifier: PersistentIdentifier { get }
    /// The change's position in its transaction's ``HistoryTransaction/changes``.
    var changeIdentifier: Int64 { get }
    /// The transaction the change belongs to.
    var transactionIdentifier: Int64 { get }
}

/// A model the transaction inserted.
public protocol HistoryInsert<Model>: HistoryChangeRecord {}

/// A model the transaction changed, with the properties it changed.
public protocol HistoryUpdate<Model>: HistoryChangeRecord {
    /// The properties (attributes and relationships) whose values the save changed.
    var updatedAttributes: [PartialKeyPath<Model>] { get }
}

/// A model the transaction deleted, with the values it preserved.
public protocol HistoryDelete<Model>: HistoryChangeRecord {
    /// The values of the model's attributes marked `.preserveValueOnDeletion`.
    var tombstone: HistoryTombstone<Model> { get }
}

/// Identity of a change: its transaction and its position there.
public struct HistoryChangeID: Hashable, Sendable {
    public let transactionIdentifier: Int64
    public let changeIdentifier: Int64
}

/// An insert in a Strata store's history.
public struct DefaultHistoryInsert<Model: PersistentModel>: HistoryInsert {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    public var id: HistoryChangeID { HistoryChangeID(transactionIdentifier: transactionIdentifier, changeIdentifier: changeIdentifier) }
}

/// An update in a Strata store's history.
public struct DefaultHistoryUpdate<Model: PersistentModel>: HistoryUpdate, @unchecked Sendable {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    public let updatedAttributes: [PartialKeyPath<Model>]
    public var id: HistoryChangeID { HistoryChangeID(transactionIdentifier: transactionIdentifier, changeIdentifier: changeIdentifier) }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A delete in a Strata store's history.
public struct DefaultHistoryDelete<Model: PersistentModel>: HistoryDelete {
    public let changedPersistentIdentifier: PersistentIdentifier
    public let changeIdentifier: Int64
    public let transactionIdentifier: Int64
    public let tombstone: HistoryTombstone<Model>
    public var id: HistoryChangeID { HistoryChangeID(transactionIdentifier: transactionIdentifier, changeIdentifier: changeIdentifier) }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
