import StrataCore

/// The rows of a loaded document, indexed by identifier, in insertion order.
///
/// A save works on its own copy (a value type), so a failed save simply drops it.
struct JSONRowSet {
    /// Insertion order; a removed row leaves a `nil` so the positions of the others hold.
    private var slots: [DefaultSnapshot?]
    private var positions: [PersistentIdentifier: Int]

    init(_ rows: [DefaultSnapshot]) {
        slots = rows
        positions = Dictionary(rows.enumerated().map { ($1.persistentIdentifier, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// Every row, in insertion order.
    var all: [DefaultSnapshot] { slots.compactMap { $0 } }

    /// The rows of one entity, in insertion order.
    func rows(of entityName: String) -> [DefaultSnapshot] {
        slots.compactMap { row in row.flatMap { $0.persistentIdentifier.entityName == entityName ? $0 : nil } }
    }

    /// The rows of an entity and of every entity below it (a `Truck` is a `Transport`), in insertion order.
    func rows(of entity: Schema.Entity) -> [DefaultSnapshot] {
        guard !entity.subentities.isEmpty else { return rows(of: entity.name) }
        let names = entity.selfAndSubentityNames
        return slots.compactMap { row in row.flatMap { names.contains($0.persistentIdentifier.entityName) ? $0 : nil } }
    }

    subscript(identifier: PersistentIdentifier) -> DefaultSnapshot? {
        positions[identifier].flatMap { slots[$0] }
    }

    /// Replaces the row with the same identifier in place, or appends a new one.
    mutating func write(_ row: DefaultSnapshot) {
        if let position = positions[row.persistentIdentifier] {
            slots[position] = row
        } else {
            positions[row.persistentIdentifier] = slots.count
            slots.append(row)
        }
    }

    mutating func remove(_ identifier: PersistentIdentifier) {
        guard let position = positions.removeValue(forKey: identifier) else { return }
        slots[position] = nil
    }
}
