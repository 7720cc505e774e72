import StrataCore

/// How Strata maps a schema onto tables and columns, shared by DDL, queries and writes.
///
/// - one table per entity, named like the entity; the entities of a class hierarchy share the
///   table of its root, whose ``discriminator`` column names each row's entity (semantics rule 36);
/// - an integer primary key column ``primaryKey`` (the row key of every identifier);
/// - one column per stored attribute, named like the property;
/// - a to-one relationship is a foreign-key column named like the relationship;
/// - a to-many relationship whose inverse is to-one is that inverse's column, read backwards;
/// - any other to-many relationship uses a join table (one per many-to-many pair).
public enum SQLNames {
    /// The primary key column of every entity table.
    public static let primaryKey = "_pk"
    /// The join table column naming the owning row.
    public static let joinOwner = "owner"
    /// The join table column naming the related row.
    public static let joinTarget = "target"
    /// The column of a class hierarchy's table naming the entity of each row; NULL for the root's rows.
    public static let discriminator = "_entity"

    /// The table of an entity: its own, or its hierarchy root's.
    public static func table(_ entity: Schema.Entity) -> String { entity.rootEntity.name }

    /// Whether an entity's table holds the rows of a class hierarchy (and so a ``discriminator``).
    public static func isHierarchy(_ entity: Schema.Entity) -> Bool {
        entity.superentity != nil || !entity.subentities.isEmpty
    }

    /// The column of an attribute or to-one relationship.
    public static func column(_ property: any SchemaProperty) -> String { property.name }

    /// Where the rows a relationship refers to are recorded.
    public static func storage(of relationship: Schema.Relationship, in entity: Schema.Entity, schema: Schema) -> RelationshipStorage {
        if relationship.isToOneRelationship { return .foreignKey(column: column(relationship)) }
        let inverse = relationship.inverseName.flatMap { schema.entitiesByName[relationship.destination]?.relationshipsByName[$0] }
        if let inverse, inverse.isToOneRelationship {
            return .inverseForeignKey(table: schema.entitiesByName[relationship.destination].map(table) ?? relationship.destination, column: column(inverse))
        }
        if let inverse, (relationship.destination, inverse.name) < (entity.name, relationship.name) {
            return .joinTable(name: "\(relationship.destination)_\(inverse.name)", ownerColumn: joinTarget, targetColumn: joinOwner)
        }
        return .joinTable(name: "\(entity.name)_\(relationship.name)", ownerColumn: joinOwner, targetColumn: joinTarget)
    }
}

/// Where a relationship's targets are recorded; see ``SQLNames/storage(of:in:schema:)``.
public enum RelationshipStorage: Hashable, Sendable {
    /// A column of the owning row holding the target's primary key.
    case foreignKey(column: String)
    /// A column of the target rows holding the owner's primary key.
    case inverseForeignKey(table: String, column: String)
    /// A table of (owner, target) pairs; for the second side of a pair the columns are swapped.
    case joinTable(name: String, ownerColumn: String, targetColumn: String)
}
