import Foundation
import StrataCore

/// Applies JSON payloads to ``Syncable`` models, each import in one save, and exports models back.
///
/// ```swift
/// let importer = SyncImporter(container: container)
/// let summary = try importer.importJSON(pageData, as: Note.self)
/// ```
///
/// Rules: an absent key leaves a property alone, `null` clears it, `[]` (or `null`) clears a
/// to-many relationship; `owner_id` / `tag_ids` link to existing models by remote id (an unknown
/// id is an error), `owner` / `tags` import nested objects. An element without an id is left
/// out, and of elements with the same id only the last is applied; the summary reports both. An
/// object whose ``Syncable/syncUpdatedAt`` date is not later than its stored model's leaves the
/// model alone, unread.
/// Each import runs in a context of its own whose ``author`` is set, and saves once: on any
/// error or cancellation nothing is written.
public struct SyncImporter: Sendable {
    /// The author imports record unless told otherwise.
    public static let defaultAuthor = "StrataSync"

    /// The container imports write to.
    public let container: ModelContainer
    /// The `ModelContext.author` of every import's save, so a change feed can skip its echoes.
    public var author: String
    /// Where imports depart from the strict defaults (none unless set).
    public var options: SyncImportOptions

    /// An importer writing to `container` as `author`, reading payloads as `options` say.
    public init(container: ModelContainer, author: String = SyncImporter.defaultAuthor, options: SyncImportOptions = SyncImportOptions()) {
        self.container = container
        self.author = author
        self.options = options
    }

    /// Imports a JSON array of objects as models of `type`.
    /// - Parameters:
    ///   - parent: the saved parent the objects belong to: the parent that scopes their ids
    ///     (`syncIdentityScope`), or, for a type with global ids, the model every object is linked
    ///     to through the type's one to-one relationship to the parent's type.
    ///   - deletingMissing: delete the models of `type` (only `parent`'s, when given) that the
    ///     payload leaves out.
    ///   - relationships: what the import may do to related models and links (default: all).
    /// - Throws: ``SyncError`` naming the element and key, `CancellationError`, or the save's error;
    ///   in every case nothing is written.
    @discardableResult
    public func importJSON<Model: Syncable>(
        _ data: Data, as type: Model.Type, parent: (any PersistentModel)? = nil, deletingMissing: Bool = false,
        relationships: SyncRelationshipOperations = .all
    ) throws -> SyncImportSummary {
        let json: Any
        do {
            // UTF-8 (every API's payload) is read by StrataSync's own reader; UTF-16 and UTF-32 by Foundation.
            json = try JSONReader.isUTF8(data) ? JSONReader.value(of: data) : JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw SyncError(.notAnObject, "the payload is not valid JSON: \(error)")
        }
        guard let objects = json as? [Any] else { throw SyncError(.notAnObject, "the payload is not a JSON array") }
        return try importObjects(objects, as: type, parent: parent, deletingMissing: deletingMissing, relationships: relationships)
    }

    /// Imports objects `JSONSerialization` produced (`[String: Any]` each) as models of `type`.
    /// - Throws: as ``importJSON(_:as:parent:deletingMissing:relationships:)``.
    @discardableResult
    public func importObjects<Model: Syncable>(
        _ objects: [Any], as type: Model.Type, parent: (any PersistentModel)? = nil, deletingMissing: Bool = false,
        relationships: SyncRelationshipOperations = .all
    ) throws -> SyncImportSummary {
        let context = ModelContext(container)
        context.author = author
        let session = ImportSession(context: context, relationshipOperations: relationships, options: options)
        let mapping = try session.mapping(type)
        let parent = try parent.map { try ImportParent($0, of: mapping, in: context) }
        let scope = parent?.scopesIdentity == true ? parent?.model : nil
        let rows = try PayloadRows(objects, mapping, parentGiven: scope != nil, session: session)
        try session.index(mapping).reserveCapacity(adding: rows.applied.count)
        for (position, row) in rows.applied.enumerated() {
            if position & 63 == 0 { try Task.checkCancellation() }
            try session.apply(row.object, mapping, scope: scope, linkingTo: scope == nil ? parent : nil, id: row.id, at: PayloadPlace(index: row.index))
        }
        if deletingMissing { try session.deleteUntouched(mapping, within: parent) }
        try Task.checkCancellation()
        try context.save()
        var summary = session.summary
        summary.skippedWithoutIdentity = rows.skippedWithoutIdentity
        summary.repeatedIdentities = rows.repeated
        return summary
    }

    /// ``importJSON(_:as:parent:deletingMissing:relationships:)``, waiting first for the other serialized
    /// imports and reconciles of this container when `serialized`.
    @discardableResult
    nonisolated(nonsending) public func importJSON<Model: Syncable>(
        _ data: Data, as type: Model.Type, parent: (any PersistentModel)? = nil, deletingMissing: Bool = false,
        relationships: SyncRelationshipOperations = .all, serialized: Bool
    ) async throws -> SyncImportSummary {
        try await SyncGate.run(ObjectIdentifier(container), serialized: serialized) {
            try importJSON(data, as: type, parent: parent, deletingMissing: deletingMissing, relationships: relationships)
        }
    }

}
