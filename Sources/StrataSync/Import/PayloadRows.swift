import Foundation
import StrataCore

/// The elements of an imported array that the import applies: every object with an id, and of
/// those naming the same model only the last. The others are left out and reported, not a
/// reason to refuse the payload: one row without an id must not keep a page from landing.
struct PayloadRows {
    /// The objects to apply, with their payload index and remote id (read once here, so applying
    /// them does not read it again; `nil` when unreadable), in payload order.
    private(set) var applied: [(index: Int, object: [String: Any], id: RemoteID?)] = []
    /// The elements with no id (absent or `null`).
    private(set) var skippedWithoutIdentity: [Int] = []
    /// The elements a later one with the same remote id replaces.
    private(set) var repeated: [SyncImportSummary.RepeatedIdentity] = []

    /// Sorts `objects`, elements of a payload of `mapping`'s type.
    /// - Parameter parentGiven: whether the import names the parent of every element.
    /// - Throws: ``SyncError/Kind/notAnObject`` for an element that is not an object.
    init(_ objects: [Any], _ mapping: SyncMapping, parentGiven: Bool, session: ImportSession) throws {
        // Per element with an id: the object, its id and the ids naming its model (nil when unreadable).
        var rows: [(index: Int, object: [String: Any], id: RemoteID?, identity: Identity?)] = []
        rows.reserveCapacity(objects.count)
        var last: [Identity: Int] = [:]
        last.reserveCapacity(objects.count)
        for (index, element) in objects.enumerated() {
            guard let object = element as? [String: Any] else { throw SyncError(.notAnObject, "expected a JSON object", index: index) }
            guard let rawID = try mapping.identity.payloadValue(in: object, at: PayloadPlace(index: index))?.value, !isJSONNull(rawID) else {
                skippedWithoutIdentity.append(index)
                continue
            }
            let id = RemoteID(rawID, mapping)
            let identity = try id.flatMap { try Self.identity(of: object, id: $0.persisted, mapping, parentGiven: parentGiven, session: session) }
            rows.append((index: index, object: object, id: id, identity: identity))
            if let identity { last[identity] = index }
        }
        applied.reserveCapacity(rows.count)
        for row in rows {
            if let identity = row.identity, let appliedIndex = last[identity], appliedIndex != row.index {
                repeated.append(SyncImportSummary.RepeatedIdentity(index: row.index, appliedIndex: appliedIndex))
            } else {
                applied.append((index: row.index, object: row.object, id: row.id))
            }
        }
    }

    /// The remote ids that name one model of the payload's type.
    private struct Identity: Hashable {
        /// The remote ids of the parents that scope it, outermost first; none for an unscoped
        /// type or when the import gives the parent.
        var parents: [PersistentValue] = []
        let id: PersistentValue
    }

    /// The remote ids that name `object`'s model: its own (`id`, persisted) and, for a scoped type
    /// whose parent the import does not give, its parent's (from the nested parent or the foreign
    /// key). `nil` when they cannot be read; applying the object then reports why.
    private static func identity(of object: [String: Any], id: PersistentValue, _ mapping: SyncMapping, parentGiven: Bool, session: ImportSession) throws
        -> Identity?
    {
        guard let scope = mapping.scope, !parentGiven else { return Identity(id: id) }
        let parent = try session.mapping(scope.destination)
        if let nested = object[scope.nestedKey] as? [String: Any] {
            guard let parentRawID = try? parent.identity.payloadValue(in: nested, at: PayloadPlace(index: 0))?.value,
                let parentID = RemoteID(parentRawID, parent),
                let parentIdentity = try identity(of: nested, id: parentID.persisted, parent, parentGiven: false, session: session)
            else { return nil }
            return Identity(parents: parentIdentity.parents + [parentIdentity.id], id: id)
        }
        // A foreign key names a parent only among unscoped parents (ImportSession.resolve).
        guard parent.scope == nil, let reference = object[scope.foreignKey], let parentID = RemoteID(reference, parent) else { return nil }
        return Identity(parents: [parentID.persisted], id: id)
    }
}
