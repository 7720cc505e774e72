import Synchronization

/// The entities a container persists, derived from `@Model` types.
///
/// Types reachable through relationships are included automatically:
/// ```swift
/// let schema = Schema([Trip.self])   // also contains Stop, through Trip.stops
/// ```
public final class Schema: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// Every entity, in discovery order.
    public let entities: [Entity]
    public let entitiesByName: [String: Entity]
    public let version: Version
    /// Inconsistencies found while building; ``validate()`` throws the first one.
    let problems: [SwiftDataError]

    /// Builds a schema from model types and every model type their relationships reach.
    public init(_ types: [any PersistentModel.Type], version: Version = Version(1, 0, 0)) {
        let built = SchemaBuilder(types: types).build()
        entities = built.entities
        entitiesByName = Dictionary(built.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        problems = built.problems
        self.version = version
    }

    /// Builds a schema from model types, variadically.
    public convenience init(_ types: any PersistentModel.Type..., version: Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// An empty schema.
    public convenience init() { self.init([any PersistentModel.Type]()) }

    /// The entity name Strata uses for a model type: the type's name.
    ///
    /// Remembered per type: `String(describing:)` reflects on the type each time, microseconds a
    /// call, and every fetch asks several times.
    public static func entityName(for type: any PersistentModel.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = entityNames.withLock({ $0[key] }) { return name }
        let name = String(describing: type)
        entityNames.withLock { $0[key] = name }
        return name
    }

    private static let entityNames = Mutex<[ObjectIdentifier: String]>([:])

    /// The entity of a model type, or `nil` when the type is not part of this schema.
    public func entity(for type: any PersistentModel.Type) -> Entity? {
        guard let entity = entitiesByName[Schema.entityName(for: type)], entity.modelType == type else { return nil }
        return entity
    }

    /// Checks that every attribute type is supported and every inverse and constraint resolves.
    /// - Throws: ``SwiftDataError/unsupportedAttributeType`` or ``SwiftDataError/invalidSchema``.
    public func validate() throws {
        if let problem = problems.first { throw problem }
    }

    public static func == (lhs: Schema, rhs: Schema) -> Bool {
        lhs === rhs || (lhs.version == rhs.version && lhs.entities.map(\.name) == rhs.entities.map(\.name))
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(entities.map(\.name)) }

    public var description: String { "Schema(\(entities.map(\.name).joined(separator: ", ")))" }
}
