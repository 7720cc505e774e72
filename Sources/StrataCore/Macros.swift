/// Makes a class a persistent model: its stored properties live in the model's backing data.
///
/// ```swift
/// @Model final class Trip {
///     @Attribute(.unique) var name: String
///     var start: Date
///     @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
///     @Transient var isSelected = false
///
///     init(name: String, start: Date) { self.name = name; self.start = start }
/// }
/// ```
///
/// A `@Model` class may inherit from another (`@Model class Truck: Transport`); a fetch of
/// `Transport` then returns `Truck`s too (docs/semantics.md, rule 36).
@attached(member, conformances: PersistentModel, names: named(_$backingData), named(persistentBackingData), named(schemaMetadata),
          named(init), named(_$observationRegistrar), named(schemaUniquenessConstraints), named(schemaIndices),
          named(createBackingData), named(_makeModel), named(_$ModelRoot), arbitrary)
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "StrataMacros", type: "ModelMacro")

/// Routes one persisted property through the backing data; `@Model` adds it, don't write it yourself.
///
/// `index` is the property's position among the persisted properties (its `schemaMetadata`
/// entry), so accessors reach their slot without looking the key path up.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro _PersistedProperty(index: Int) = #externalMacro(module: "StrataMacros", type: "PersistedPropertyMacro")

/// Sets schema options (such as `.unique`) on a persisted property of a `@Model` class.
@attached(peer) public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil) = #externalMacro(module: "StrataMacros", type: "AttributeMacro")

/// Describes a relationship property of a `@Model` class: delete rule, inverse and model counts.
@attached(peer) public macro Relationship(_ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify, minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil, hashModifier: String? = nil) = #externalMacro(module: "StrataMacros", type: "RelationshipMacro")

/// Keeps a stored property of a `@Model` class out of the store; it needs a default value.
@attached(peer) public macro Transient() = #externalMacro(module: "StrataMacros", type: "TransientMacro")

/// Declares that each listed combination of properties is unique across the model's rows.
@freestanding(declaration) public macro Unique<T: PersistentModel>(_ constraints: [PartialKeyPath<T>]...) = #externalMacro(module: "StrataMacros", type: "UniqueMacro")

/// Declares an index on each listed combination of properties.
@freestanding(declaration) public macro Index<T: PersistentModel>(_ indices: [PartialKeyPath<T>]...) = #externalMacro(module: "StrataMacros", type: "IndexMacro")

/// Declares indices of the given kinds (`.binary([\.a, \.b])`, `.rtree([\.x])`); SQL stores make
/// each a B-tree index (see ``Schema/Index``).
@freestanding(declaration) public macro Index<T: PersistentModel>(_ indices: Schema.Index<T>.Types<T>...) = #externalMacro(module: "StrataMacros", type: "IndexMacro")

/// Gives an actor a model container and a serial executor that owns its model context.
@attached(member, names: named(modelExecutor), named(modelContainer), named(init))
@attached(extension, conformances: ModelActor)
public macro ModelActor() = #externalMacro(module: "StrataMacros", type: "ModelActorMacro")
