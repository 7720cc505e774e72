import Foundation

/// Tracks models, their unsaved changes, and saves them to the container's store.
///
/// A context belongs to one isolation domain (a task, an actor, a request); it is not
/// `Sendable`. Within a context each row is one object: fetching it twice returns the same model.
/// ```swift
/// let context = ModelContext(container)
/// context.insert(Trip(name: "Lisbon", start: .now))
/// try context.save()
/// ```
public final class ModelContext {
    /// The container whose store this context reads and writes.
    public let container: ModelContainer
    /// Identifies this context to the store.
    public private(set) var editingState: EditingState
    /// Whether the context saves on its own; kept for source compatibility, saves are explicit.
    public var autosaveEnabled = false

    /// What this context's models are attached to.
    let owner = ModelOwner()
    /// Every registered model by identifier (one object per row).
    @exclusivity(unchecked) var registry = ModelRegistry()
    /// Models inserted since the last save, each with its backing data (looked up once, when
    /// inserted: the look-up casts an existential, and a save needs every one).
    @exclusivity(unchecked) var pendingInserts: [PendingInsert] = []
    /// The backing data of saved models changed since the last save (storages, not models: a
    /// change is recorded from the storage, and looking its model up would cost a hash per change).
    @exclusivity(unchecked) var pendingChanges: [AnyModelStorage] = []
    @exclusivity(unchecked) var pendingDeletes: [any PersistentModel] = []
    /// The model type and layout `insertModel` last found in the schema: inserts come in runs of
    /// one type, and finding the entity by name costs a string hash per insert.
    @exclusivity(unchecked) var lastTypeInSchema: (model: ObjectIdentifier, layout: ObjectIdentifier)?
    /// New models whose `init` related them to this context's models and that the context could
    /// not insert for the app; the next `save()` throws unless the app inserted them.
    @exclusivity(unchecked) var initializedUninserted: [AnyModelStorage] = []
    /// An insert the context refused; the next `save()` reports it.
    @exclusivity(unchecked) var refusedInsert: SwiftDataError?
    /// The first error a store read met where nothing could throw it (a relationship loading its
    /// models, `model(for:)`); the next save or fetch throws it.
    @exclusivity(unchecked) var failedRead: (any Error)?
    /// What each change to a saved model overwrote, oldest first, until the next save or rollback.
    @exclusivity(unchecked) var undoLog: [UndoEntry] = []
    /// The stored lists of to-many relationships that changed while unloaded and loaded since,
    /// until the next save or rollback (what ``linkChanges(of:)`` compares with).
    @exclusivity(unchecked) var loadedLists: [LinkSlot: [PersistentIdentifier]] = [:]
    /// The backing data of models inserted with ``insertNew(_:)``, until the next save or rollback.
    @exclusivity(unchecked) var newOnlyInserts: Set<ObjectIdentifier> = []
    /// Values of related rows a store returned with a fetch, until a relationship reads them.
    @exclusivity(unchecked) var relatedValues: [PersistentIdentifier: ContiguousArray<PersistentValue?>] = [:]
    /// Fetched models whose attributes a partial fetch left out, by identifier, until they load.
    @exclusivity(unchecked) var unfetched: [PersistentIdentifier: UnfetchedBatch] = [:]
    /// Other contexts' committed changes, until this context merges them.
    let inbox = MergeInbox()
    /// This context's subscription to the container's change feed.
    private var feedSubscription = 0

    /// Creates a context over the container's store.
    public init(_ container: ModelContainer) {
        self.container = container
        self.editingState = EditingState()
        owner.connect(self)
        container.dataStore.initializeState(for: editingState)
        feedSubscription = subscribeToCommittedChanges()
    }

    deinit {
        container.changeFeed.unsubscribe(feedSubscription)
        container.dataStore.invalidateState(for: editingState)
    }

    /// The author recorded with this context's saves.
    public var author: String? {
        get { editingState.author }
        set { editingState.author = newValue }
    }

    /// Whether there are unsaved inserts, changes or deletes.
    public var hasChanges: Bool {
        !pendingInserts.isEmpty || !pendingChanges.isEmpty || !pendingDeletes.isEmpty
    }

    /// Models inserted since the last save.
    public var insertedModelsArray: [any PersistentModel] { pendingInserts.map(\.model) }
    /// Saved models changed since the last save.
    public var changedModelsArray: [any PersistentModel] { pendingChanges.compactMap { registry[$0.identifier] } }
    /// Models deleted since the last save.
    public var deletedModelsArray: [any PersistentModel] { pendingDeletes }

    /// The registered model with this identifier, if the context has one of type `T`.
    public func registeredModel<T: PersistentModel>(for identifier: PersistentIdentifier) -> T? {
        registry[identifier] as? T
    }

    /// The model with this identifier: the registered one, or one loaded from the store.
    ///
    /// When the store has no such row, the returned model traps on property access, as
    /// SwiftData's does; check with ``registeredModel(for:)`` or a fetch when unsure. When the
    /// store's read fails, the returned model is not registered (a later call reads again) and
    /// the next save or fetch throws the store's error.
    public func model(for identifier: PersistentIdentifier) -> any PersistentModel {
        if let model = registry[identifier] { return model }
        guard let entity = container.schema.entitiesByName[identifier.entityName] else {
            preconditionFailure("\(identifier.entityName) is not an entity of this container's schema")
        }
        let readFailed: Bool
        do {
            if !identifier.isTemporary, let model = try loadModels([identifier]).first { return model }
            readFailed = false
        } catch {
            recordFailedRead(error)
            readFailed = true
        }
        let model = instantiate(entity, values: ContiguousArray(repeating: nil, count: entity.layout.properties.count), identifier: identifier)
        model.storage.isMissing = true
        if readFailed { registry[identifier] = nil }
        return model
    }

    /// The model with this identifier, loaded from the store when the context has not registered
    /// it; `nil` when the store has no such row, or when its read fails (recorded, so the next save
    /// or fetch throws the error: the callers cannot throw).
    func loadModelRecordingFailure(_ identifier: PersistentIdentifier) -> (any PersistentModel)? {
        do {
            return try loadModels([identifier]).first
        } catch {
            recordFailedRead(error)
            return nil
        }
    }

    /// Keeps `error` for the next save or fetch to throw, unless an earlier one is still waiting.
    func recordFailedRead(_ error: any Error) {
        if failedRead == nil { failedRead = error }
    }

    /// Merges other contexts' committed changes, then throws, once, the error a store read met
    /// since the last save or fetch (the merge's own read included).
    /// - Throws: that error.
    func throwFailedRead() throws {
        mergeCommittedChanges()
        guard let error = failedRead else { return }
        failedRead = nil
        throw error
    }

    /// Kept for source compatibility; changes are processed when saving.
    public func processPendingChanges() {}

    func entity(of storage: AnyModelStorage) -> Schema.Entity? {
        container.schema.entitiesByName[storage.layout.entityName]
    }

    func entity<T: PersistentModel>(for type: T.Type) throws -> Schema.Entity {
        guard let entity = container.schema.entity(for: type) else {
            throw SwiftDataError.modelNotInSchema.with(
                "\(Schema.entityName(for: type)) is not part of this container's schema; add it to ModelContainer(for:)",
                entity: Schema.entityName(for: type))
        }
        return entity
    }
}

/// A model inserted since the last save, and its backing data.
struct PendingInsert {
    let model: any PersistentModel
    let storage: AnyModelStorage
}

/// One change to a saved model: the slot's value and Swift object before it.
struct UndoEntry {
    let storage: AnyModelStorage
    let slot: Int
    let value: PersistentValue?
    let object: AnyModelStorage.Object?
}
