import Observation

/// A class whose instances Strata persists. Declare one with `@Model` rather than by hand.
///
/// ```swift
/// @Model final class Trip {
///     @Attribute(.unique) var name: String
///     var start: Date
///     init(name: String, start: Date) { self.name = name; self.start = start }
/// }
/// ```
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, SendableMetatype {
    /// Creates a model over existing backing data (used when a context materializes a row).
    init(backingData: any BackingData<Self>)
    /// The storage behind the model's persisted properties.
    var persistentBackingData: any BackingData<Self> { get set }
    /// One entry per persisted property, emitted by `@Model`.
    static var schemaMetadata: [Schema.PropertyMetadata] { get }
    /// The key paths of each `#Unique` group of the model, emitted by `@Model`.
    static var schemaUniquenessConstraints: [[AnyKeyPath]] { get }
    /// The key paths of each `#Index` group of the model, emitted by `@Model`.
    static var schemaIndices: [[AnyKeyPath]] { get }
    /// Fresh, empty backing data for a model created by its own initializer.
    static func createBackingData() -> any BackingData<Self>
    /// A model over values a context fetched. `@Model` implements it for final classes, so the
    /// backing data's type is concrete (see `ModelFactory.swift`).
    static func _makeModel(_ seed: borrowing _ModelSeed, values: consuming ContiguousArray<PersistentValue?>) -> Self
}

extension PersistentModel {
    public static var schemaUniquenessConstraints: [[AnyKeyPath]] { [] }
    public static var schemaIndices: [[AnyKeyPath]] { [] }

    public static func createBackingData() -> any BackingData<Self> {
        _makeBackingData(Self.self)
    }

    public static func _makeModel(_ seed: borrowing _ModelSeed, values: consuming ContiguousArray<PersistentValue?>) -> Self {
        StrataCore._makeModel(Self.self, seed, values: values)
    }

    /// Strata's storage behind the model. Cast as a plain object: casting the constrained
    /// existential itself looks its metadata up on every call.
    var storage: AnyModelStorage { persistentBackingData as AnyObject as! AnyModelStorage }

    /// The backing data as a snapshot reads it, reachable from `any PersistentModel`.
    var anyBackingData: any BackingData { persistentBackingData }

    /// The model's identity: temporary until its first save, permanent afterwards.
    public var persistentModelID: PersistentIdentifier { storage.identifier }

    /// The context the model is registered in, if any.
    public var modelContext: ModelContext? { storage.context }

    /// Whether the model has unsaved changes (or was inserted and not yet saved).
    public var hasChanges: Bool { storage.context != nil && (storage.isInserted || storage.isChanged) }

    /// Whether the model was deleted from its context (pending or saved).
    public var isDeleted: Bool { storage.isDeleted }

    /// Reads a persisted property; `@Model` accessors call this.
    public func getValue<Value>(forKey keyPath: KeyPath<Self, Value>) -> Value {
        persistentBackingData.getValue(forKey: keyPath)
    }

    /// Writes a persisted property and records the change; `@Model` accessors call this.
    public func setValue<Value>(forKey keyPath: KeyPath<Self, Value>, to newValue: Value) {
        persistentBackingData.setValue(forKey: keyPath, to: newValue)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension PersistentModel {
    /// A model is identified by its ``persistentModelID`` unless it declares its own `id`.
    public var id: PersistentIdentifier { persistentModelID }
}

/// Storage placeholder `@Model` gives each persisted property; the value lives in backing data.
public struct _PersistedPropertyMarker: Sendable {
    public init() {}
}
