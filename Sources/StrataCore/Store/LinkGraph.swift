/// The rows one ``SnapshotLinkWriter`` changes, read on first touch and edited in place: to-many
/// lists as member lists with a set (an addition or removal costs O(1), so linking many children
/// to one parent stays linear), to-one targets as values. Every link is kept on both sides.
struct LinkGraph {
    private let schema: Schema
    private let read: (PersistentIdentifier) -> DefaultSnapshot?
    /// The rows touched so far, `nil` for a row `read` does not have.
    private var rows: [PersistentIdentifier: DefaultSnapshot?] = [:]
    /// The to-many lists touched so far, by row and relationship.
    private var lists: [Slot: MemberList] = [:]
    /// The rows whose relationships changed, in the order they first did.
    private var changed: [PersistentIdentifier] = []
    private var changedSet: Set<PersistentIdentifier> = []

    private struct Slot: Hashable {
        let row: PersistentIdentifier
        let relationship: String
    }

    /// A to-many relationship's members in order; a removal only leaves the set.
    private struct MemberList {
        var order: [PersistentIdentifier]
        var present: Set<PersistentIdentifier>

        init(_ members: [PersistentIdentifier]) {
            order = members
            present = Set(members)
        }

        var members: [PersistentIdentifier] {
            var seen = Set<PersistentIdentifier>()
            return order.filter { present.contains($0) && seen.insert($0).inserted }
        }
    }

    init(schema: Schema, read: @escaping (PersistentIdentifier) -> DefaultSnapshot?) {
        self.schema = schema
        self.read = read
    }

    func relationship(_ name: String, in entityName: String) -> Schema.Relationship? {
        schema.entitiesByName[entityName]?.relationshipsByName[name]
    }

    func inverse(of name: String, in entityName: String) -> Schema.Relationship? {
        guard let relationship = relationship(name, in: entityName), let inverseName = relationship.inverseName else { return nil }
        return self.relationship(inverseName, in: relationship.destination)
    }

    /// Links `member` into `row`'s relationship and `row` into the member's inverse. A to-one
    /// that named another target leaves that target's inverse; an inverse to-one that named
    /// another row leaves that row's relationship.
    mutating func link(_ row: PersistentIdentifier, _ name: String, _ member: PersistentIdentifier) {
        guard exists(row), exists(member), let relationship = relationship(name, in: row.entityName) else { return }
        if relationship.isToOneRelationship {
            let previous = target(of: row, name)
            guard previous != member else { return }
            if let previous { leaveInverse(of: row, name, previous) }
            setTarget(of: row, name, to: member)
        } else {
            add(member, to: row, name)
        }
        guard let inverse = inverse(of: name, in: row.entityName) else { return }
        if inverse.isToOneRelationship {
            let displaced = target(of: member, inverse.name)
            guard displaced != row else { return }
            if let displaced { drop(member, from: displaced, name) }
            setTarget(of: member, inverse.name, to: row)
        } else {
            add(row, to: member, inverse.name)
        }
    }

    /// Removes `member` from `row`'s relationship (a to-one only while it names `member`) and
    /// `row` from the member's inverse.
    mutating func unlink(_ row: PersistentIdentifier, _ name: String, _ member: PersistentIdentifier) {
        guard exists(row) else { return }
        drop(member, from: row, name)
        if exists(member) { leaveInverse(of: row, name, member) }
    }

    /// Every row whose relationships changed, with its lists written back.
    func changedRows() -> [DefaultSnapshot] {
        var written: [PersistentIdentifier: DefaultSnapshot] = [:]
        for identifier in changed { written[identifier] = rows[identifier]! }
        for (slot, list) in lists where written[slot.row] != nil {
            written[slot.row]![slot.relationship] = .identifiers(list.members)
        }
        return changed.map { written[$0]! }
    }

    // MARK: One side at a time

    /// Removes `row` from the inverse of its relationship `name` on `member` (a to-one only while it names `row`).
    private mutating func leaveInverse(of row: PersistentIdentifier, _ name: String, _ member: PersistentIdentifier) {
        guard let inverse = inverse(of: name, in: row.entityName) else { return }
        drop(row, from: member, inverse.name)
    }

    /// Removes `member` from relationship `name` of `row` (a to-one only while it names `member`).
    private mutating func drop(_ member: PersistentIdentifier, from row: PersistentIdentifier, _ name: String) {
        guard let relationship = relationship(name, in: row.entityName) else { return }
        if relationship.isToOneRelationship {
            if target(of: row, name) == member { setTarget(of: row, name, to: nil) }
            return
        }
        let slot = Slot(row: row, relationship: name)
        guard loadList(slot).present.contains(member) else { return }
        lists[slot]!.present.remove(member)
        markChanged(row)
    }

    private mutating func add(_ member: PersistentIdentifier, to row: PersistentIdentifier, _ name: String) {
        let slot = Slot(row: row, relationship: name)
        guard !loadList(slot).present.contains(member) else { return }
        lists[slot]!.present.insert(member)
        lists[slot]!.order.append(member)
        markChanged(row)
    }

    private mutating func target(of row: PersistentIdentifier, _ name: String) -> PersistentIdentifier? {
        PersistentValue.identifiers(in: stored(row)?.value(forProperty: name)).first
    }

    private mutating func setTarget(of row: PersistentIdentifier, _ name: String, to target: PersistentIdentifier?) {
        guard var snapshot = stored(row), snapshot.layout.index(of: name) != nil else { return }
        snapshot[name] = target.map(PersistentValue.identifier) ?? .null
        rows[row] = snapshot
        markChanged(row)
    }

    private mutating func loadList(_ slot: Slot) -> MemberList {
        if let list = lists[slot] { return list }
        let list = MemberList(PersistentValue.identifiers(in: stored(slot.row)?.value(forProperty: slot.relationship)))
        lists[slot] = list
        return list
    }

    private mutating func exists(_ row: PersistentIdentifier) -> Bool {
        stored(row) != nil
    }

    private mutating func stored(_ row: PersistentIdentifier) -> DefaultSnapshot? {
        if let known = rows[row] { return known }
        let snapshot = read(row)
        rows[row] = .some(snapshot)
        return snapshot
    }

    private mutating func markChanged(_ row: PersistentIdentifier) {
        if changedSet.insert(row).inserted { changed.append(row) }
    }
}
