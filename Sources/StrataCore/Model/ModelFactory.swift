// Creating a model's backing data where the model's type is concrete.
//
// Code in StrataCore is generic over the model type, so making a `ModelStorage<Model>` there
// looks its type metadata and its `BackingData` witness table up in the runtime's caches for
// every model (two hash-table probes; about 8% of fetching 100,000 models). `@Model` gives
// final classes `_makeModel(_:values:)` and `createBackingData()` members that call the inlinable
// functions below with the class itself, where the compiler caches both once per call site.

/// Where a fetched model belongs, which a context hands its model type (opaque to apps).
///
/// It holds the layout and owner unretained: passing them retained would cost two atomic
/// increments and decrements per model on top of the storage's own references. The context
/// that makes a seed keeps both alive until the model is made.
public struct _ModelSeed {
    private let unretainedLayout: Unmanaged<EntityLayout>
    private let unretainedOwner: Unmanaged<ModelOwner>
    let identifier: PersistentIdentifier

    init(layout: EntityLayout, identifier: PersistentIdentifier, owner: ModelOwner) {
        unretainedLayout = .passUnretained(layout)
        unretainedOwner = .passUnretained(owner)
        self.identifier = identifier
    }

    var layout: EntityLayout { unretainedLayout.takeUnretainedValue() }
    var owner: ModelOwner { unretainedOwner.takeUnretainedValue() }
}

/// A model of type `Model` over fetched `values`; `@Model`'s `_makeModel(_:values:)` calls this.
@inlinable
public func _makeModel<Model: PersistentModel>(
    _: Model.Type, _ seed: borrowing _ModelSeed, values: consuming ContiguousArray<PersistentValue?>
) -> Model {
    Model(backingData: ModelStorage<Model>(seed, values: values))
}

/// Empty backing data for a new model of type `Model`; `@Model`'s `createBackingData()` calls this.
@inlinable
public func _makeBackingData<Model: PersistentModel>(_: Model.Type) -> any BackingData<Model> {
    ModelStorage<Model>()
}

extension ModelStorage {
    /// Storage over a fetched model's values, attached to the seed's owner. (The values are
    /// moved, not copied: a copy retains an array the store wrote long before, a cache miss.)
    /// Whatever a store returned for an ephemeral attribute is dropped: it reads its default.
    @usableFromInline
    convenience init(_ seed: borrowing _ModelSeed, values: consuming ContiguousArray<PersistentValue?>) {
        self.init(layout: seed.layout, values: consume values, identifier: seed.identifier)
        owner = seed.owner
        for index in layout.ephemeralIndices { self.values[index] = nil }
    }

    /// Empty storage for a model the app creates.
    @usableFromInline
    convenience init() {
        self.init(layout: EntityLayout.of(Model.self))
    }
}
