extension SyncMapping {
    /// One imported and exported relationship. A class, as ``Attribute`` is.
    final class Relationship {
        let name: String
        /// The key of a nested object (or array of objects).
        let nestedKey: String
        /// The key of the related remote id (or ids).
        let foreignKey: String
        /// A to-many's foreign key spelled with the plural (`tags_ids` beside `tag_ids`), read
        /// as well; `nil` for a to-one, or when the two spellings are the same.
        let pluralForeignKey: String?
        let isToOne: Bool
        let destination: any Syncable.Type
        /// The destination's relationship back, if the schema has one.
        let inverseName: String?
        let access: PropertyAccess
        /// Whether export writes the relationship (`syncNonExportedProperties` are only imported).
        let isExported: Bool

        init(
            name: String, nestedKey: String, foreignKey: String, pluralForeignKey: String?, isToOne: Bool, destination: any Syncable.Type,
            inverseName: String?, access: PropertyAccess, isExported: Bool
        ) {
            self.name = name
            self.nestedKey = nestedKey
            self.foreignKey = foreignKey
            self.pluralForeignKey = pluralForeignKey
            self.isToOne = isToOne
            self.destination = destination
            self.inverseName = inverseName
            self.access = access
            self.isExported = isExported
        }
    }
}
