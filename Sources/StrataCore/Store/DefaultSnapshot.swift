/// A snapshot holding one ``PersistentValue`` per property, by the entity's ``SnapshotLayout``.
///
/// ```swift
/// var snapshot = DefaultSnapshot(persistentIdentifier: id, values: ["name": .string("Oslo")])
/// snapshot["name"]   // .string("Oslo")
/// ```
public struct DefaultSnapshot: DataStoreSnapshot, Hashable {
    public let persistentIdentifier: PersistentIdentifier
    /// The names of ``values``' slots.
    public let layout: SnapshotLayout
    /// One value per property of ``layout``; `nil` where the snapshot does not hold it.
    public private(set) var values: ContiguousArray<PersistentValue?>
    /// For a changed model's snapshot: bit `i` is set when property `i` changed since the model
    /// was last saved or fetched, so a store may write only those. `0` means every property
    /// (inserts, and stores' own snapshots). Not part of equality or of the encoded form.
    /// (Not optional: an optional would add 8 bytes to every snapshot a fetch returns.)
    public var changedProperties: UInt64 = 0

    /// A snapshot from values in layout order (the fast path for stores reading rows).
    public init(persistentIdentifier: PersistentIdentifier, layout: SnapshotLayout, values: ContiguousArray<PersistentValue?>) {
        precondition(values.count == layout.propertyNames.count, "one value per property of the layout")
        self.persistentIdentifier = persistentIdentifier
        self.layout = layout
        self.values = values
    }

    /// A snapshot from values by name.
    public init(persistentIdentifier: PersistentIdentifier, values: [String: PersistentValue]) {
        let names = values.keys.sorted()
        self.init(persistentIdentifier: persistentIdentifier, layout: SnapshotLayout(propertyNames: names), values: ContiguousArray(names.map { values[$0] }))
    }

    public init(from backingData: any BackingData, relatedBackingDatas: inout [PersistentIdentifier: any BackingData]) {
        if let storage = backingData as AnyObject as? AnyModelStorage, let snapshot = try? DefaultSnapshot(encoding: storage) {
            self = snapshot
        } else {
            let identifier = backingData.persistentModelID ?? PersistentIdentifier.temporary(entityName: "unknown")
            let layout = SnapshotLayout(propertyNames: backingData.propertyNames)
            self.init(persistentIdentifier: identifier, layout: layout, values: ContiguousArray(layout.propertyNames.map(backingData.persistentValue(forProperty:))))
        }
    }

    /// The snapshot of Strata's backing data, its values encoded as a save writes them (usually
    /// already, by the save under way).
    /// - Throws: what ``AnyModelStorage/encodedValues()`` throws.
    init(encoding storage: AnyModelStorage) throws {
        self.init(persistentIdentifier: storage.identifier, layout: storage.layout.snapshotLayout, values: try storage.encodedValues())
        if storage.isChanged && !storage.isInserted { changedProperties = storage.changedSlots }
    }

    /// Whether ``changedProperties`` marks slot `index` changed (`0`: every slot is).
    public func hasChanged(_ index: Int) -> Bool {
        changedProperties == 0 || index >= 64 || changedProperties & (1 << UInt64(index)) != 0
    }

    /// Moves the values out, leaving none (the fetch path hands them to a model this way).
    mutating func takeValues() -> ContiguousArray<PersistentValue?> {
        var taken = ContiguousArray<PersistentValue?>()
        swap(&taken, &values)
        return taken
    }

    public func value(forProperty name: String) -> PersistentValue? {
        layout.index(of: name).flatMap { values[$0] }
    }

    /// Reads or replaces one property's value.
    public subscript(name: String) -> PersistentValue? {
        get { value(forProperty: name) }
        set {
            guard let index = layout.index(of: name) else { preconditionFailure("\(name) is not a property of this snapshot") }
            values[index] = newValue
        }
    }

    public func copy(persistentIdentifier: PersistentIdentifier, remappedIdentifiers: [PersistentIdentifier: PersistentIdentifier]?) -> DefaultSnapshot {
        var copy = DefaultSnapshot(persistentIdentifier: persistentIdentifier, layout: layout, values: values)
        copy.changedProperties = changedProperties
        guard let remappedIdentifiers, !remappedIdentifiers.isEmpty else { return copy }
        for index in values.indices {
            switch values[index] {
            case .identifier?, .identifiers?: copy.values[index] = values[index]!.remapped(remappedIdentifiers)
            default: continue
            }
        }
        return copy
    }

    public static func == (lhs: DefaultSnapshot, rhs: DefaultSnapshot) -> Bool {
        lhs.persistentIdentifier == rhs.persistentIdentifier && lhs.layout == rhs.layout && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(persistentIdentifier)
        hasher.combine(layout)
        hasher.combine(values)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DataStoreSnapshotCodingKey.self)
        try container.encode(persistentIdentifier, forKey: .persistentIdentifier)
        for (name, value) in zip(layout.propertyNames, values) {
            if let value { try container.encode(value, forKey: .modeledProperty(name)) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DataStoreSnapshotCodingKey.self)
        let identifier = try container.decode(PersistentIdentifier.self, forKey: .persistentIdentifier)
        var values: [String: PersistentValue] = [:]
        for key in container.allKeys where key != .persistentIdentifier {
            values[key.stringValue] = try container.decode(PersistentValue.self, forKey: key)
        }
        self.init(persistentIdentifier: identifier, values: values)
    }
}
