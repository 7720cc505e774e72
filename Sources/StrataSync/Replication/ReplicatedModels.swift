import StrataCore

/// The models a replica exchanges, checked once: each is ``Syncable`` with a global identity
/// preserved on deletion, and every relationship it replicates leads to another replicated model.
///
/// Client and server must replicate the same models with the same properties; ``schema`` is
/// what they compare.
public struct ReplicatedModels: @unchecked Sendable {
    /// The mapping of each model, by entity name, in the order given.
    let mappings: [String: SyncMapping]
    let entityNames: [String]
    /// One line per model: its entity name, then the remote keys and types it replicates.
    /// Two replicas exchange changes only when their lines are equal.
    public let schema: [String]
    /// A digest of ``schema`` (64-bit FNV-1a, hex), which requests carry.
    public let schemaDigest: String

    /// The models `types` in `container`'s schema.
    /// - Throws: ``ReplicationError/Kind/invalidSetup`` naming the model and what to declare.
    public init(_ types: [any Syncable.Type], in container: ModelContainer) throws {
        var mappings: [String: SyncMapping] = [:]
        var names: [String] = []
        for type in types {
            let mapping: SyncMapping
            do {
                mapping = try SyncMapping.of(type, in: container.schema)
            } catch let error as SyncError {
                throw ReplicationError(.invalidSetup, error.message)
            }
            try Self.check(mapping)
            mappings[mapping.entity.name] = mapping
            names.append(mapping.entity.name)
        }
        for mapping in mappings.values {
            for relationship in mapping.replicatedRelationships where mappings[Schema.entityName(for: relationship.destination)] == nil {
                throw ReplicationError(
                    .invalidSetup,
                    "\(mapping.entity.name).\(relationship.name) leads to \(Schema.entityName(for: relationship.destination)), which is not replicated: replicate it too, or exclude the relationship (syncExcludedProperties)")
            }
        }
        self.mappings = mappings
        entityNames = names
        schema = names.sorted().map { mappings[$0]!.replicatedSchemaLine }
        schemaDigest = Self.digest(schema)
    }

    /// The mapping of `entity`.
    /// - Throws: ``ReplicationError/Kind/notReplicated``.
    func mapping(of entity: String) throws -> SyncMapping {
        guard let mapping = mappings[entity] else { throw ReplicationError(.notReplicated, "\(entity) is not replicated here") }
        return mapping
    }

    /// Refuses a request whose schema digest is not this replica's.
    /// - Throws: ``ReplicationError/Kind/schemaMismatch``, listing what this replica replicates.
    func requireSchema(_ digest: String) throws {
        guard digest != schemaDigest else { return }
        throw ReplicationError(
            .schemaMismatch,
            "client and server replicate different models or properties: run the same version of the app's models on both (the server replicates \(schema.joined(separator: "; ")))")
    }

    private static func digest(_ lines: [String]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in lines.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }

    private static func check(_ mapping: SyncMapping) throws {
        let name = mapping.entity.name
        guard mapping.scope == nil else {
            throw ReplicationError(.invalidSetup, "\(name) is identified within a parent (syncIdentityScope): a replicated model needs ids unique over the whole type")
        }
        let identity = mapping.entity.attributes.first { $0.name == mapping.identity.name }
        guard identity?.options.contains(.preserveValueOnDeletion) == true else {
            throw ReplicationError(
                .invalidSetup,
                "\(name).\(mapping.identity.name) is the identity but is not preserved on deletion: declare it @Attribute(.unique, .preserveValueOnDeletion), so a deletion can name the row to other replicas")
        }
    }
}

extension SyncMapping {
    /// The relationships replicas exchange: the exported ones, except a to-many whose inverse is
    /// a to-one (the to-one side carries the link, so one replica's stale list never unlinks
    /// what another linked).
    var replicatedRelationships: [Relationship] {
        relationships.filter { $0.isExported && !isChildList($0) }
    }

    /// The to-manys whose inverse is a to-one: the rows on the other side carry the link, so
    /// they are not replicated.
    var childLists: [Relationship] { relationships.filter(isChildList) }

    private func isChildList(_ relationship: Relationship) -> Bool {
        guard !relationship.isToOne, let inverse = relationship.inverseName,
            let destination = schema.entitiesByName[Schema.entityName(for: relationship.destination)]
        else { return false }
        return destination.relationships.first { $0.name == inverse }?.isToOneRelationship == true
    }

    /// The exported attributes.
    var replicatedAttributes: [Attribute] { attributes.filter(\.isExported) }

    /// `Entity: key type, …` for ``ReplicatedModels/schema``.
    var replicatedSchemaLine: String {
        let attributes = replicatedAttributes.map { "\($0.remoteKey) \($0.valueType)" }
        let relationships = replicatedRelationships.map { "\($0.foreignKey) \(Schema.entityName(for: $0.destination))" }
        return "\(entity.name): " + (attributes + relationships).sorted().joined(separator: ", ")
    }
}
