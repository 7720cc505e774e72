/// The names of a connection's server-side prepared statements, least recently used first.
///
/// A statement is keyed by its SQL text and its parameters' type OIDs: binary values are only
/// meaningful for the types the statement was prepared with, so a call binding other types
/// gets its own statement.
struct PostgresStatementCache {
    /// What a prepared statement was prepared for.
    struct Key: Hashable {
        let sql: String
        let types: [UInt32]
    }

    /// How many statements the cache keeps before evicting the least recently used.
    let capacity: Int
    private var names: [Key: String] = [:]
    private var order: [Key] = []
    private var counter = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a statement cache needs room for at least one statement")
        self.capacity = capacity
    }

    /// The number of statements cached.
    var count: Int { names.count }

    /// The statement prepared for `key`, marked as most recently used.
    mutating func name(for key: Key) -> String? {
        guard let name = names[key] else { return nil }
        if order.last != key {
            order.removeAll { $0 == key }
            order.append(key)
        }
        return name
    }

    /// The statement to deallocate before another is cached, when the cache is full.
    var leastRecentlyUsed: (key: Key, name: String)? {
        guard names.count >= capacity, let key = order.first, let name = names[key] else { return nil }
        return (key, name)
    }

    /// A name no statement of this connection has had: `strata_s1`, `strata_s2`, …
    mutating func makeName() -> String {
        counter += 1
        return "strata_s\(counter)"
    }

    /// Records that `name` is prepared for `key`.
    mutating func insert(_ name: String, for key: Key) {
        names[key] = name
        order.append(key)
    }

    /// Forgets the statement for `key` (after it was deallocated).
    mutating func remove(_ key: Key) {
        names[key] = nil
        order.removeAll { $0 == key }
    }
}
