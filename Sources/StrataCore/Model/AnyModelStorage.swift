/// The backing data of one model: a slot per persisted property, plus its context bookkeeping.
///
/// A slot holds the persisted form as read from a store (decoded on first read), the Swift
/// value last set, or nothing yet. While the model is attached to a context, relationship
/// slots hold identifiers, never objects, so models never retain each other in cycles.
class AnyModelStorage {
    enum Slot {
        case unset
        case stored(PersistentValue)
        case value(Any)
    }

    let layout: EntityLayout
    var slots: ContiguousArray<Slot>
    private var assignedIdentifier: PersistentIdentifier?
    weak var resolver: (any ModelResolver)?
    /// The context this model is registered in (`nil` for models only evaluated by a store).
    weak var context: ModelContext? {
        didSet { belongsToContext = context != nil }
    }
    /// Set while attached to a context; still set if that context was deallocated under the model.
    private(set) var belongsToContext = false
    var isInserted = false
    var isChanged = false
    var isDeleted = false
    /// `model(for:)` named a row the store does not have.
    var isMissing = false
    /// Slots as last saved or fetched, kept from the first unsaved change for `rollback()`.
    var committedSlots: ContiguousArray<Slot>?
    /// The persisted values computed for the save under way.
    var preparedValues: ContiguousArray<PersistentValue?>?

    init(layout: EntityLayout, slots: ContiguousArray<Slot>? = nil, identifier: PersistentIdentifier? = nil) {
        self.layout = layout
        self.slots = slots ?? layout.unsetSlots
        self.assignedIdentifier = identifier
    }

    /// The model's identifier; a temporary one is minted on first use.
    var identifier: PersistentIdentifier {
        get {
            if let assignedIdentifier { return assignedIdentifier }
            let minted = PersistentIdentifier.temporary(entityName: layout.entityName)
            assignedIdentifier = minted
            return minted
        }
        set { assignedIdentifier = newValue }
    }

    var hasIdentifier: Bool { assignedIdentifier != nil }

    /// Replaces every slot with the persisted values of a fetched or re-registered snapshot.
    func reload(_ values: ContiguousArray<PersistentValue?>) {
        for index in slots.indices where !layout.properties[index].isEphemeral {
            slots[index] = values[index].map(Slot.stored) ?? .unset
        }
        preparedValues = nil
    }

    /// Marks the current slots as the saved state.
    func commit() {
        isInserted = false
        isChanged = false
        committedSlots = nil
        preparedValues = nil
    }
}
