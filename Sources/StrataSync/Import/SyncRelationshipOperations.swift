/// What an import may do to related models and links, beyond the models of the imported type
/// themselves (SwiftSync's relationship operations).
///
/// ```swift
/// // Link to the authors the payload names, but never create, change or unlink one:
/// try importer.importJSON(data, as: Article.self, relationships: [])
/// ```
public struct SyncRelationshipOperations: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    /// Operations from their raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A nested object naming no stored model creates it; without this it fails the import
    /// with `unresolvedReference`, as an unknown foreign key does.
    public static let insert = SyncRelationshipOperations(rawValue: 1 << 0)
    /// A nested object naming a stored model applies its values (and its own relationships) to
    /// it; without this the nested object only links the model.
    public static let update = SyncRelationshipOperations(rawValue: 1 << 1)
    /// A to-many in the payload is the relationship's whole list: models it leaves out are
    /// unlinked, and owned (scoped) children deleted; without this the payload only adds links.
    public static let delete = SyncRelationshipOperations(rawValue: 1 << 2)
    /// Every operation (the default).
    public static let all: SyncRelationshipOperations = [.insert, .update, .delete]
}
