/// The backing data of one model: the persisted form of each property, plus its context bookkeeping.
///
/// ``values`` holds each property's persisted form, as a store returned it or as a directly
/// stored value was set (`nil`: unset, which reads the property's default). It is the same
/// array a fetched snapshot carries and a save sends, so neither copies it. ``objects``, made
/// on first need, holds Swift values: those a codec decoded (a cache), those the app set and
/// the next save encodes, and relationships set while the model was detached. While the model
/// is attached to a context, relationships are identifiers in ``values``, never objects, so
/// models never retain each other in cycles.
///
/// The hot stored properties opt out of run-time exclusivity checks, which otherwise cost more
/// than the property writes themselves; no access to them overlaps another.
@usableFromInline
class AnyModelStorage {
    /// A Swift value kept for one property.
    enum Object {
        /// Decoded from the property's persisted value, which it matches.
        case decoded(Any)
        /// Set by the app; the persisted value is stale until the next save encodes this.
        case assigned(Any)
        /// For a to-many relationship not loaded yet (its value is `nil`): what inverse
        /// maintenance changed in it since (``UnloadedToManyChanges``).
        case unloadedChanges(UnloadedToManyChanges)
    }

    /// The layout of the model's class. A model subclass's `init` runs its superclass's first,
    /// which makes the backing data with the superclass's layout; ``adopt(_:)`` then extends it.
    @exclusivity(unchecked) private(set) var layout: EntityLayout
    @exclusivity(unchecked) var values: ContiguousArray<PersistentValue?>
    @exclusivity(unchecked) var objects: ContiguousArray<Object?>?
    @exclusivity(unchecked) private var assignedIdentifier: PersistentIdentifier?
    /// The context or evaluation graph this model is attached to (`nil` while detached).
    @exclusivity(unchecked) var owner: ModelOwner?
    @exclusivity(unchecked) var isInserted = false
    @exclusivity(unchecked) var isChanged = false
    @exclusivity(unchecked) var isDeleted = false
    /// `model(for:)` named a row the store does not have.
    @exclusivity(unchecked) var isMissing = false
    /// Bit `i` set: property `i` changed since the last save (properties past 64 set every bit).
    @exclusivity(unchecked) var changedSlots: UInt64 = 0
    /// The persisted values computed for the save under way.
    @exclusivity(unchecked) var preparedValues: ContiguousArray<PersistentValue?>?
    /// The models fetched with this one whose unloaded to-many relationships load together
    /// (``ToManyFaultBatch``); `nil` for a model fetched alone.
    @exclusivity(unchecked) var faultBatch: ToManyFaultBatch?

    init(layout: EntityLayout, values: ContiguousArray<PersistentValue?>? = nil, identifier: PersistentIdentifier? = nil) {
        self.layout = layout
        // Its own array from the start: sharing one and copying it on the first write costs more.
        self.values = values ?? ContiguousArray(repeating: nil, count: layout.properties.count)
        self.assignedIdentifier = identifier
    }

    /// Takes the layout of a subclass of the layout's class: its slots continue this one's.
    func adopt(_ subclassLayout: EntityLayout) {
        precondition(!hasIdentifier && owner == nil, "a model's class layout changes only while it initializes")
        let added = subclassLayout.properties.count - values.count
        values += repeatElement(nil, count: added)
        if objects != nil { objects! += repeatElement(nil, count: added) }
        layout = subclassLayout
    }

    /// The model's identifier; a temporary one is minted on first use.
    var identifier: PersistentIdentifier {
        get {
            if let assignedIdentifier { return assignedIdentifier }
            let minted = PersistentIdentifier.temporary(of: layout.temporaryOrigin)
            assignedIdentifier = minted
            return minted
        }
        set { assignedIdentifier = newValue }
    }

    var hasIdentifier: Bool { assignedIdentifier != nil }

    /// What this model reports changes to and resolves relationships through.
    var resolver: (any ModelResolver)? { owner?.resolver }
    /// The context this model is registered in (`nil` for models only evaluated by a store).
    var context: ModelContext? { owner?.context }

    /// The Swift value kept for property `index`, if any.
    func object(at index: Int) -> Object? {
        objects?[index]
    }

    /// Records that property `index` is about to change, with the resolver and in ``changedSlots``.
    func willChange(slot index: Int) {
        changedSlots |= index < 64 ? 1 << UInt64(index) : .max
        resolver?.storageWillChange(self, slot: index)
    }

    /// Keeps `object` for property `index` (`nil` forgets it).
    func setObject(_ object: Object?, at index: Int) {
        if objects == nil {
            guard object != nil else { return }
            objects = ContiguousArray(repeating: nil, count: values.count)
        }
        objects![index] = object
    }

    /// Replaces every value with the persisted values of a fetched or re-registered snapshot.
    func reload(_ newValues: ContiguousArray<PersistentValue?>) {
        if layout.ephemeralIndices.isEmpty {
            values = newValues
            objects = nil
        } else {
            for index in values.indices where !layout.properties[index].isEphemeral {
                values[index] = newValues[index]
                setObject(nil, at: index)
            }
        }
        preparedValues = nil
    }

    /// A model object of this storage's class over this storage, for a model whose own object is
    /// not at hand (its `init` is running); `nil` where the class cannot be told (a class with
    /// subclasses: the object initializing may be of any of them).
    func modelSharingStorage(in schema: Schema) -> (any PersistentModel)? { nil }

    /// Marks the current values as the saved state.
    func commit() {
        isInserted = false
        isChanged = false
        changedSlots = 0
        preparedValues = nil
    }
}
