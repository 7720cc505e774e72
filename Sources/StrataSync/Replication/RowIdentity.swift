import StrataCore

/// A row as every replica names it: its entity and its remote id (persisted form).
struct RowIdentity: Hashable {
    let entity: String
    let id: PersistentValue
}
