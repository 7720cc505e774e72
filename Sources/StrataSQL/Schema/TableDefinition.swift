import StrataCore

/// A table Strata keeps for a schema: an entity's table or a many-to-many join table.
public struct TableDefinition: Sendable, Hashable {
    public let name: String
    public let columns: [ColumnDefinition]
    /// Columns of each `UNIQUE` index.
    public let uniqueIndices: [[String]]
    /// Columns of each plain index (`#Index` and foreign keys).
    public let indices: [[String]]
    /// Whether the table's key is ``SQLNames/primaryKey`` (entity tables) or the column pair (join tables).
    public let hasRowKey: Bool
}

/// One column of a ``TableDefinition``.
public struct ColumnDefinition: Sendable, Hashable {
    public let name: String
    /// The dialect's column type.
    public let type: StaticString
    /// The attribute's storage kind (`nil` for keys).
    public let storage: StorageType?
    /// The persisted default used to fill the column when it is added to an existing table.
    public let defaultValue: PersistentValue?
    /// Whether rows may lack a value in Swift (optional attributes and to-one relationships).
    public let isOptional: Bool
    /// For a column a subclass declares, in its hierarchy's table: the entities whose rows use
    /// it (the subclass and its own subclasses); `nil` when every row does.
    public var usedByRowsOf: [String]? = nil
    /// Whether a row may lack a value: every column but keys, since Strata checks values itself
    /// and an added column must accept existing rows.
    public var isKey: Bool { storage == nil }
}
