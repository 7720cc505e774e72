import Foundation
import Synchronization

/// A fetch, as the context hands it to a store.
public struct DataStoreFetchRequest<T: PersistentModel>: Sendable {
    public let descriptor: FetchDescriptor<T>
    public let editingState: EditingState

    public init(descriptor: FetchDescriptor<T>, editingState: EditingState) {
        self.descriptor = descriptor
        self.editingState = editingState
    }
}

/// What a store returns for a fetch: rows of the requested entity, plus any related rows it loaded.
public struct DataStoreFetchResult<ModelType: PersistentModel, SnapshotType: DataStoreSnapshot>: Sendable {
    public let descriptor: FetchDescriptor<ModelType>
    /// Only snapshots of `ModelType`'s entity, in result order.
    public let fetchedSnapshots: [SnapshotType]
    /// Snapshots of other models the store loaded on the way, by identifier.
    public let relatedSnapshots: [PersistentIdentifier: SnapshotType]

    public init(descriptor: FetchDescriptor<ModelType>, fetchedSnapshots: [SnapshotType], relatedSnapshots: [PersistentIdentifier: SnapshotType] = [:]) {
        self.descriptor = descriptor
        self.fetchedSnapshots = fetchedSnapshots
        self.relatedSnapshots = relatedSnapshots
    }

    /// The snapshots, moved out of the result: a caller holding the only copy may then consume
    /// them without copying each one.
    consuming func takeSnapshots() -> (fetched: [SnapshotType], related: [PersistentIdentifier: SnapshotType]) {
        (fetchedSnapshots, relatedSnapshots)
    }
}

/// The changes of one `save()`, as snapshots. Inserted snapshots carry temporary identifiers.
public struct DataStoreSaveChangesRequest<SnapshotType: DataStoreSnapshot>: Sendable {
    public let inserted: [SnapshotType]
    public let updated: [SnapshotType]
    public let deleted: [SnapshotType]
    public let editingState: EditingState
    /// What a ``HistoryRecording`` store records for this save; `nil` when the context records none.
    public let history: HistoryDraft?
    /// For updated models: the members each changed to-many relationship gained and lost since
    /// the context loaded it, by model and relationship name (identifiers of models this save
    /// inserts are temporary). A store applies these to the list it holds instead of writing
    /// the snapshot's list, which is the list as this context saw it: another context's links
    /// survive (semantics rule 27). A changed to-many relationship missing here is written whole.
    public let linkChanges: [PersistentIdentifier: [String: LinkChanges]]
    /// The inserted models (by temporary identifier) that must be new rows
    /// (``ModelContext/insertNew(_:)``): where one's unique values match a stored row or another
    /// insert of this save, the store throws ``SwiftDataError/constraintViolation`` instead of
    /// upserting, and writes nothing.
    public let newInserts: Set<PersistentIdentifier>

    /// Public (unlike SwiftData's) so wrapper stores and tests can build requests.
    public init(
        inserted: [SnapshotType], updated: [SnapshotType], deleted: [SnapshotType], editingState: EditingState, history: HistoryDraft? = nil,
        linkChanges: [PersistentIdentifier: [String: LinkChanges]] = [:], newInserts: Set<PersistentIdentifier> = []
    ) {
        self.inserted = inserted
        self.updated = updated
        self.deleted = deleted
        self.editingState = editingState
        self.history = history
        self.linkChanges = linkChanges
        self.newInserts = newInserts
    }
}

/// What a store returns for a save: the temporary→permanent identifier map and stored snapshots.
public final class DataStoreSaveChangesResult<T: DataStoreSnapshot>: Sendable {
    public let storeIdentifier: String
    /// Stored snapshots whose values the context should take over, by permanent identifier.
    public let snapshotsToReregister: [PersistentIdentifier: T]
    /// Optionally, the permanent identifier of each inserted snapshot in the request's order
    /// (`remappedIdentifiers[request.inserted[i].persistentIdentifier]`): a context then re-keys
    /// its models by position instead of looking each one up in the map.
    public let insertedIdentifiers: [PersistentIdentifier]?
    /// The map as given, or built on first read from ``inserted`` and ``insertedIdentifiers``.
    private let remapped: Mutex<[PersistentIdentifier: PersistentIdentifier]?>
    /// The inserted snapshots whose identifiers ``remappedIdentifiers`` maps, when it is built on first read.
    private let inserted: [T]
    /// The token under which a ``HistoryRecording`` store recorded the save; `nil` when it recorded none.
    public let historyToken: DefaultHistoryToken?

    /// Every inserted temporary identifier mapped to the permanent one the store assigned.
    public var remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] {
        remapped.withLock { map in
            if let map { return map }
            let built = Dictionary(zip(inserted.lazy.map(\.persistentIdentifier), insertedIdentifiers ?? []), uniquingKeysWith: { $1 })
            map = built
            return built
        }
    }

    /// A store's answer to a save; `insertedIdentifiers` is optional (see the property).
    public init(
        for storeIdentifier: String, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier] = [:],
        snapshotsToReregister: [PersistentIdentifier: T] = [:], insertedIdentifiers: [PersistentIdentifier]? = nil,
        historyToken: DefaultHistoryToken? = nil
    ) {
        self.storeIdentifier = storeIdentifier
        self.remapped = Mutex(remappedIdentifiers)
        self.inserted = []
        self.snapshotsToReregister = snapshotsToReregister
        self.insertedIdentifiers = insertedIdentifiers
        self.historyToken = historyToken
    }

    /// A store's answer to a save that gave `inserted[i]` the permanent identifier
    /// `insertedIdentifiers[i]`. ``remappedIdentifiers`` is built only if read: a context that
    /// re-keys by position never needs the dictionary, which for a large save costs more to
    /// build than to write the rows' keys.
    public init(
        for storeIdentifier: String, inserted: [T], insertedIdentifiers: [PersistentIdentifier], snapshotsToReregister: [PersistentIdentifier: T] = [:],
        historyToken: DefaultHistoryToken? = nil
    ) {
        precondition(inserted.count == insertedIdentifiers.count, "one permanent identifier per inserted snapshot")
        self.storeIdentifier = storeIdentifier
        self.remapped = Mutex(nil)
        self.inserted = inserted
        self.snapshotsToReregister = snapshotsToReregister
        self.insertedIdentifiers = insertedIdentifiers
        self.historyToken = historyToken
    }
}

/// A predicate delete, as `ModelContext.delete(model:where:)` hands it to a batching store.
public struct DataStoreBatchDeleteRequest<T: PersistentModel>: Sendable {
    public let predicate: Predicate<T>?
    public let includeSubclasses: Bool
    public let editingState: EditingState
    /// What a ``HistoryRecording`` store records for this delete (the rows the context found
    /// matching, without tombstones); `nil` when the context records none.
    public let history: HistoryDraft?

    public init(predicate: Predicate<T>?, includeSubclasses: Bool = true, editingState: EditingState, history: HistoryDraft? = nil) {
        self.predicate = predicate
        self.includeSubclasses = includeSubclasses
        self.editingState = editingState
        self.history = history
    }
}

extension DataStoreSaveChangesRequest {
    /// The error a store throws when `insert`, one of ``newInserts``, has the unique values of
    /// `existing` (a stored row, or another insert of the save): nothing is written.
    public static func newInsertCollides(_ insert: PersistentIdentifier, with existing: PersistentIdentifier) -> SwiftDataError {
        SwiftDataError.constraintViolation.with(
            "a new \(insert.entityName) inserted with insertNew(_:) has the unique values of \(existing); nothing was written",
            entity: insert.entityName)
    }
}
