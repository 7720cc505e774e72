/// Writes one save into rows that keep both sides of every relationship (the in-memory store,
/// the JSON file store, any store written like them) the way a SQL store writes columns, foreign
/// keys and join-table rows: a stored row takes only the attributes its model changed, and
/// relationships change only by the links the save added and removed, on both sides at once, so
/// another context's committed links survive (semantics rule 27).
///
/// Call it under the store's write lock, on the rows the save will replace when it succeeds:
/// ```swift
/// var links = SnapshotLinkWriter(schema: schema)
/// for snapshot in inserted {                        // remapped to permanent identifiers
///     let stored = working.row(snapshot.persistentIdentifier)   // a unique upsert's row, if any
///     working.write(links.row(writing: snapshot, over: stored))
///     links.recordInserted(snapshot, upsertingOnto: stored)
/// }
/// for snapshot in updated {
///     let stored = working.row(snapshot.persistentIdentifier)!
///     working.write(links.row(writing: snapshot, over: stored))
///     links.recordUpdated(snapshot, stored: stored, linkChanges: request.linkChanges[snapshot.persistentIdentifier], remapped: remapped)
/// }
/// let touched = links.apply(read: working.row, write: { working.write($0) })
/// ```
public struct SnapshotLinkWriter {
    private let schema: Schema
    /// Links the save removes (`member`: the target of a to-one it clears), applied first.
    private var removals: [Link] = []
    /// Links the save adds (to-many members, to-one targets), applied after the removals.
    private var additions: [Link] = []

    /// One link of one row's relationship.
    private struct Link: Hashable {
        let row: PersistentIdentifier
        let relationship: String
        let member: PersistentIdentifier
    }

    /// A writer for one save into rows of `schema`'s entities.
    public init(schema: Schema) {
        self.schema = schema
    }

    /// The row `snapshot` writes: over `stored`, the attributes it changed
    /// (``DefaultSnapshot/changedProperties``; all when `0`) with `stored`'s relationships; as
    /// a new row (`stored` is `nil`), its attributes with empty relationships. Relationships are
    /// the links ``apply(read:write:)`` then writes.
    public func row(writing snapshot: DefaultSnapshot, over stored: DefaultSnapshot?) -> DefaultSnapshot {
        guard let entity = schema.entitiesByName[snapshot.persistentIdentifier.entityName] else { return snapshot }
        guard var row = stored else {
            var row = snapshot
            for relationship in entity.relationships where row.layout.index(of: relationship.name) != nil {
                row[relationship.name] = relationship.isToOneRelationship ? .null : .identifiers([])
            }
            return row
        }
        for (index, name) in snapshot.layout.propertyNames.enumerated() where entity.relationshipsByName[name] == nil {
            guard snapshot.hasChanged(index), let value = snapshot.values[index], row.layout.index(of: name) != nil else { continue }
            row[name] = value
        }
        return row
    }

    /// Records the links of an inserted row (with permanent identifiers): its to-one targets and
    /// to-many members. Onto `stored` (a unique upsert) they replace its to-one targets, nil
    /// included, and join its to-many members.
    public mutating func recordInserted(_ snapshot: DefaultSnapshot, upsertingOnto stored: DefaultSnapshot? = nil) {
        let identifier = snapshot.persistentIdentifier
        guard let entity = schema.entitiesByName[identifier.entityName] else { return }
        for relationship in entity.relationships {
            let members = PersistentValue.identifiers(in: snapshot.value(forProperty: relationship.name))
            if relationship.isToOneRelationship, let previous = PersistentValue.identifiers(in: stored?.value(forProperty: relationship.name)).first,
                previous != members.first {
                removals.append(Link(row: identifier, relationship: relationship.name, member: previous))
            }
            additions += members.map { Link(row: identifier, relationship: relationship.name, member: $0) }
        }
    }

    /// Records the links an updated row changes: a changed to-one its new target (or the
    /// clearing of its stored one); a to-many its `linkChanges` (remapped through `remapped`),
    /// or, for a changed to-many the request has none for, its whole list in place of `stored`'s.
    public mutating func recordUpdated(
        _ snapshot: DefaultSnapshot, stored: DefaultSnapshot, linkChanges: [String: LinkChanges]?, remapped: [PersistentIdentifier: PersistentIdentifier] = [:]
    ) {
        let identifier = snapshot.persistentIdentifier
        guard let entity = schema.entitiesByName[identifier.entityName] else { return }
        for relationship in entity.relationships {
            let name = relationship.name
            if let changes = linkChanges?[name]?.remapped(remapped) {
                removals += changes.removed.map { Link(row: identifier, relationship: name, member: $0) }
                additions += changes.added.map { Link(row: identifier, relationship: name, member: $0) }
                continue
            }
            guard let index = snapshot.layout.index(of: name), snapshot.hasChanged(index), let value = snapshot.values[index] else { continue }
            let now = PersistentValue.identifiers(in: value), before = PersistentValue.identifiers(in: stored.value(forProperty: name))
            let kept = Set(now)
            removals += before.filter { !kept.contains($0) }.map { Link(row: identifier, relationship: name, member: $0) }
            additions += now.map { Link(row: identifier, relationship: name, member: $0) }
        }
    }

    /// Applies the recorded links to the rows `read` returns: first the removals no addition of
    /// the save restores (from either side), then the additions, each kept on both sides (a
    /// to-one moved away from its stored target leaves that target's inverse). Links to rows
    /// that do not exist are skipped. Writes each changed row once with `write`.
    /// - Returns: the rows written, which a store hands back for the context to take over.
    @discardableResult
    public func apply(read: (PersistentIdentifier) -> DefaultSnapshot?, write: (DefaultSnapshot) -> Void) -> [DefaultSnapshot] {
        withoutActuallyEscaping(read) { read in apply(LinkGraph(schema: schema, read: read), write: write) }
    }

    private func apply(_ graph: consuming LinkGraph, write: (DefaultSnapshot) -> Void) -> [DefaultSnapshot] {
        var graph = graph
        var restored = Set<Link>()
        for link in additions {
            restored.insert(link)
            if let inverse = graph.inverse(of: link.relationship, in: link.row.entityName) {
                restored.insert(Link(row: link.member, relationship: inverse.name, member: link.row))
            }
        }
        for link in removals where !restored.contains(link) {
            graph.unlink(link.row, link.relationship, link.member)
        }
        for link in additions {
            graph.link(link.row, link.relationship, link.member)
        }
        let rows = graph.changedRows()
        for row in rows { write(row) }
        return rows
    }
}
