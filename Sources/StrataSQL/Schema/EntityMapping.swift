import StrataCore

/// How one entity's snapshots map onto its table's columns, computed once per store.
public struct EntityMapping: Sendable {
    /// One column read and written per row, after the primary key.
    public struct Column: Sendable {
        public let name: String
        /// The snapshot slot the column fills.
        public let slot: Int
        /// The attribute's storage kind, or `nil` for a to-one foreign key.
        public let storage: StorageType?
        /// The entity a foreign key points at.
        public let destination: String?
    }

    /// A to-many relationship, written apart from the row; read with it where the dialect has a
    /// ``SQLDialect/keyArray(_:)``, else apart from it too.
    public struct ToMany: Sendable {
        public let slot: Int
        public let name: String
        public let destination: String
        public let storage: RelationshipStorage
    }

    public let entity: Schema.Entity
    public let table: String
    public internal(set) var columns: [Column]
    public private(set) var toMany: [ToMany]
    /// Whether ``selectColumns(alias:)`` reads the to-many relationships with the row, one key
    /// array each (``SQLDialect/keyArray(_:)``): then a row is read in one statement.
    public private(set) var readsToManyInRow: Bool
    /// Whether reading a row takes a statement per to-many relationship besides the row's own.
    public var readsToManyApart: Bool { !toMany.isEmpty && !readsToManyInRow }
    /// Whether this is a read mapping whose rows leave every to-many relationship unloaded
    /// (``leavingToManyUnloaded()``; its ``toMany`` is empty): what a context fetches.
    public private(set) var leavesToManyUnloaded: Bool
    /// Whether reading rows may take statements to resolve class hierarchies: the entity has
    /// subentities (whose rows are read again as their own entity), or a relationship leads to
    /// an entity that has (whose identifiers are renamed to each row's own entity).
    public let resolvesHierarchies: Bool
    let dialect: any SQLDialect
    /// Whether rows hold relationships (to-one foreign keys or to-many), whose values name other models.
    public var hasRelationships: Bool { !toMany.isEmpty || columns.contains { $0.destination != nil } }
    /// `INSERT INTO table (_pk, columns…) VALUES (…)`.
    public let insert: SQLRowWrite
    /// The update of every column; `nil` when the table has no columns besides the key.
    public let fullUpdate: SQLRowWrite?
    /// `SELECT _pk, columns… FROM table AS alias WHERE _pk = ?`, for reads by identifier.
    private var selectByKeyText: String
    /// In a class hierarchy's table (``SQLNames/discriminator``), below its root: the entity
    /// names of the rows this entity's fetches select (its own and its subentities'); `nil` for a
    /// root, whose fetches select every row.
    public let discriminatorValues: [String]?

    public init(entity: Schema.Entity, schema: Schema, dialect: any SQLDialect) {
        self.entity = entity
        self.table = SQLNames.table(entity)
        let layout = entity.snapshotLayout
        var columns: [Column] = []
        var toMany: [ToMany] = []
        for property in entity.properties {
            let slot = layout.index(of: property.name)!
            if let attribute = property as? Schema.Attribute {
                guard !attribute.isTransient else { continue }
                columns.append(Column(name: SQLNames.column(attribute), slot: slot, storage: attribute.storageType, destination: nil))
            } else if let relationship = property as? Schema.Relationship {
                if relationship.isToOneRelationship {
                    columns.append(Column(name: SQLNames.column(relationship), slot: slot, storage: nil, destination: relationship.destination))
                } else {
                    toMany.append(ToMany(
                        slot: slot, name: relationship.name, destination: relationship.destination,
                        storage: SQLNames.storage(of: relationship, in: entity, schema: schema)))
                }
            }
        }
        self.columns = columns
        self.toMany = toMany
        self.dialect = dialect
        self.leavesToManyUnloaded = false
        // Whether the dialect has key arrays at all: asked with an empty query, never run.
        self.readsToManyInRow = !toMany.isEmpty && dialect.keyArray(SQLSelect(columns: [], from: "", as: "")) != nil
        self.resolvesHierarchies = !entity.subentities.isEmpty
            || entity.relationships.contains { schema.entitiesByName[$0.destination]?.subentities.isEmpty == false }
        let table = self.table
        self.insert = SQLRowWrite.insert(into: table, columns: columns, dialect: dialect)
        self.fullUpdate = SQLRowWrite.update(of: table, columns: columns, dialect: dialect)
        self.selectByKeyText = Self.selectByKey(table: table, columns: columns, toMany: readsToManyInRow ? toMany : [], dialect: dialect)
        self.discriminatorValues = entity.superentity == nil ? nil : entity.selfAndSubentities.map(\.name)
    }

    /// This mapping for reads that leave every to-many relationship unloaded: rows decoded with it
    /// hold `nil` there, which a context loads on first use (``DataStoreRelationshipFaulting``).
    /// Its write statements are still the full mapping's.
    public func leavingToManyUnloaded() -> EntityMapping {
        var rows = self
        rows.toMany = []
        rows.readsToManyInRow = false
        rows.leavesToManyUnloaded = true
        rows.selectByKeyText = Self.selectByKey(table: table, columns: columns, toMany: [], dialect: dialect)
        return rows
    }

    /// `SELECT _pk, columns… (, to-many key arrays…) FROM table AS r WHERE _pk = ?`.
    private static func selectByKey(table: String, columns: [Column], toMany: [ToMany], dialect: any SQLDialect) -> String {
        var select = SQLSerializer(dialect: dialect)
        select.write(SQLSelect(
            columns: selectColumns(alias: "r", columns: columns, toMany: toMany, dialect: dialect), from: table, as: "r",
            where: .binary(.column(table: "r", name: SQLNames.primaryKey), "=", .bind(.null))))
        return select.text
    }

    /// The condition that selects this entity's own rows, not its subentities', in its
    /// hierarchy's table under `alias`; `nil` when it has no subentities.
    public func ownRowsCondition(alias: String) -> SQLExpression? {
        guard !entity.subentities.isEmpty else { return nil }
        let column = SQLExpression.column(table: alias, name: SQLNames.discriminator)
        return entity.superentity == nil ? .postfix(column, "IS NULL") : .binary(column, "=", .bind(.string(entity.name)))
    }

    /// The condition that selects this entity's rows (and its subentities') in its hierarchy's
    /// table under `alias`; `nil` when every row of the table is one.
    public func discriminatorCondition(alias: String) -> SQLExpression? {
        discriminatorValues.map { names in
            .binary(.column(table: alias, name: SQLNames.discriminator), "IN", .list(names.map { .bind(.string($0)) }))
        }
    }

    /// The primary key and every column, qualified by `alias`, in read order; then, with
    /// ``readsToManyInRow``, each to-many relationship's keys (the subquery of the `n`th aliases
    /// its table `alias_n`).
    public func selectColumns(alias: String) -> [SQLExpression] {
        Self.selectColumns(alias: alias, columns: columns, toMany: readsToManyInRow ? toMany : [], dialect: dialect)
    }

    private static func selectColumns(alias: String, columns: [Column], toMany: [ToMany], dialect: any SQLDialect) -> [SQLExpression] {
        let key = SQLExpression.column(table: alias, name: SQLNames.primaryKey)
        var selected = [key] + columns.map { .column(table: alias, name: $0.name) }
        for (index, relationship) in toMany.enumerated() {
            let source = relationship.storage.keySource(alias: "\(alias)_\(index)", dialect: dialect)
            let keys = SQLSelect(
                columns: [source.target], from: source.table, as: source.alias, where: .binary(source.owner, "=", key),
                orderBy: [SQLOrdering(source.order, ascending: true, mayBeNull: false)])
            selected.append(dialect.keyArray(keys)!)
        }
        return selected
    }

    /// The update of the columns of the properties `changed` names (bits as in
    /// ``DefaultSnapshot/changedProperties``; `0`: every column). `nil` when none has a column.
    public func update(changing changed: UInt64, dialect: any SQLDialect) -> SQLRowWrite? {
        guard changed != 0, changed != .max else { return fullUpdate }
        let changedColumns = columns.filter { $0.slot < 64 && changed & (1 << UInt64($0.slot)) != 0 }
        return changedColumns.count == columns.count ? fullUpdate : SQLRowWrite.update(of: table, columns: changedColumns, dialect: dialect)
    }

    /// The read of the row with `key` (``selectColumns(alias:)``), for reads by identifier.
    public func selectByKey(_ key: Int64) -> SQLStatement {
        SQLStatement(text: selectByKeyText, binds: [.integer(key)])
    }

    /// What a row decoder needs per column, made once per query: flat arrays, so the per-row loop
    /// copies no column names, and the identifier origins (a locked look-up each).
    public struct RowDecoding: Sendable {
        /// The origin of the rows' own identifiers.
        public let rowOrigin: PersistentIdentifier.Origin
        /// Per column after the key: the snapshot slot it fills.
        public let slots: [Int]
        /// Per column: the attribute's storage kind, `nil` for a foreign key.
        public let storages: [StorageType?]
        /// Per column: the origin of a foreign key's identifiers, `nil` for an attribute.
        public let origins: [PersistentIdentifier.Origin?]
        /// The number of slots of a snapshot of the entity.
        public let slotCount: Int
        /// With ``EntityMapping/readsToManyInRow``, per key array after the columns: the slot of
        /// its to-many relationship; else empty.
        public let toManySlots: [Int]
        /// Per key array: the origin of its keys' identifiers.
        public let toManyOrigins: [PersistentIdentifier.Origin]
    }

    /// The ``RowDecoding`` of this entity's rows in the store `storeIdentifier`.
    public func decoding(in storeIdentifier: String) -> RowDecoding {
        RowDecoding(
            rowOrigin: .of(storeIdentifier: storeIdentifier, entityName: entity.name),
            slots: columns.map(\.slot), storages: columns.map(\.storage),
            origins: columns.map { column in column.destination.map { .of(storeIdentifier: storeIdentifier, entityName: $0) } },
            slotCount: entity.snapshotLayout.propertyNames.count,
            toManySlots: readsToManyInRow ? toMany.map(\.slot) : [],
            toManyOrigins: readsToManyInRow ? toMany.map { .of(storeIdentifier: storeIdentifier, entityName: $0.destination) } : [])
    }
}
