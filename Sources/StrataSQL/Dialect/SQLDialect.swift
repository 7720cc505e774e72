import StrataCore

/// Everything that differs between SQL databases: quoting, placeholders, types, capabilities.
/// Backend-specific choices live in a dialect, never in `if` branches elsewhere.
public protocol SQLDialect: Sendable {
    /// A short name, for traces and errors.
    var name: String { get }
    /// The placeholder for the bind at `position` (1-based): `?` for SQLite, `$1` for PostgreSQL.
    func placeholder(_ position: Int) -> String
    /// The most binds one statement may carry.
    var maximumBindCount: Int { get }
    /// The longest identifier the database accepts, in UTF-8 bytes (`nil` for no limit).
    var maximumIdentifierLength: Int? { get }
    /// The null-safe equality operator (`IS`, `IS NOT DISTINCT FROM`).
    var nullSafeEqual: StaticString { get }
    /// The null-safe inequality operator (`IS NOT`, `IS DISTINCT FROM`).
    var nullSafeNotEqual: StaticString { get }
    /// Whether `ORDER BY` accepts `NULLS FIRST` / `NULLS LAST`.
    var supportsNullsOrdering: Bool { get }
    /// The collation that makes text compare by code point, when the default does not.
    var binaryCollation: StaticString? { get }
    /// Whether `INSERT … RETURNING` works.
    var supportsReturning: Bool { get }
    /// The column type for an attribute's storage kind.
    func columnType(for storage: StorageType) -> StaticString
    /// The column type of primary and foreign keys.
    var keyColumnType: StaticString { get }
    /// The 1-based position of `needle` in `haystack`, 0 when absent (SQLite `instr`, PostgreSQL `strpos`).
    func position(of needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression
    /// The number of characters of a string.
    func length(of string: SQLExpression) -> SQLExpression
    /// `LIMIT`/`OFFSET` for a window; `nil` parts are omitted where the dialect allows.
    func window(limit: SQLExpression?, offset: SQLExpression?) -> [(keyword: StaticString, value: SQLExpression)]
    /// A condition, never NULL, that holds unless `number` (a `Double` value as this database stores
    /// it) is NaN; `nil` when the dialect cannot tell, so the translator leaves such comparisons
    /// and sorts to memory. A dialect that answers also promises NaN sorts after every number.
    func isNotNaN(_ number: SQLExpression) -> SQLExpression?
    /// An expression ordering a join table's rows (aliased `alias`) as they were inserted, so
    /// to-many relationships read back in the order they were saved; `nil` when the database
    /// keeps no such order (rows then come back by target key).
    func insertionOrder(alias: String) -> SQLExpression?
    /// A column holding every key `keys` selects as one value, in its order, so a row's
    /// to-many relationships come with the row in one statement; `nil` when the database has no
    /// such value the backend decodes (each to-many relationship is then read by a statement
    /// of its own).
    func keyArray(_ keys: SQLSelect) -> SQLExpression?
    /// Whether the position function finds `needle` exactly as Swift would (by code point);
    /// other needles stay in memory.
    func canSearch(for needle: String) -> Bool
    /// Whether `haystack` contains `needle` as Foundation's `localizedStandardContains` answers
    /// (ignoring case and diacritics, in the current locale), never NULL for non-NULL operands;
    /// `nil` where the database cannot give that answer, so the search runs in Swift.
    func localizedStandardContains(_ needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression?
    /// Whether a fetch with no sort and no window should leave key (insertion) order to the
    /// store's Swift code instead of asking for `ORDER BY` the key: `true` where the database
    /// would read the key index rather than scan the table (PostgreSQL), `false` where a scan
    /// already yields key order (SQLite's rowid tables).
    var ordersUnsortedFetchesInMemory: Bool { get }
    /// The longest captured list `contains` writes as `IN (?, ?, …)`; a longer one is bound as
    /// one value through ``membership(of:inBoundList:storage:)`` where the dialect can.
    var inlineListLength: Int { get }
    /// `element IN values` with all of `values` in one bind parameter (a JSON text, an array), so
    /// a list of any length costs one bind; `nil` when the database cannot compare some value
    /// exactly that way. `values` are non-NULL, canonical, not NaN, and of `storage`, the
    /// element's column kind; the result is NULL only where `element` is.
    func membership(of element: SQLExpression, inBoundList values: [PersistentValue], storage: StorageType) -> SQLExpression?

    /// A query of the catalog returning one row per column of `table`: its name, then its
    /// declared type spelled as ``columnType(for:)`` spells it. No rows when there is no such table.
    func columnTypesQuery(of table: String) -> SQLStatement
    /// A query of the catalog returning the names of the indices on `table`, one per row, so
    /// opening a database that has them all writes nothing; `nil` when the database cannot tell
    /// (every index is then created with `IF NOT EXISTS` on each open).
    func indexNamesQuery(of table: String) -> SQLStatement?
    /// A statement that keeps other writers from inserting into `table` until the transaction
    /// ends, so looking for a row with the same unique values and inserting stay one step (an
    /// upsert); `nil` for a database that runs one writer at a time.
    func uniqueValuesLock(of table: String) -> SQLStatement?
    /// A statement ordering history numbers by commit without making writers wait for each
    /// other: a save takes it shared (`exclusively: false`) before it takes its number and holds
    /// it to its commit; a reader of the history takes it exclusively first, inside a read-write
    /// transaction, so it reads only once every number handed out so far is committed or rolled
    /// back. `nil` for a database that runs one writer at a time: numbers are in commit order already.
    func historyLock(exclusively: Bool) -> SQLStatement?
    /// One statement that records `payload` in ``SQLHistoryTable`` — the shared history lock, the
    /// next number and the `INSERT` together — and returns the number as its one row; `nil`
    /// (the default) runs the three statements apart. Saves a server two round trips per save.
    func appendHistory(_ payload: String) -> SQLStatement?
}

extension SQLDialect {
    /// By default a dialect does not know how its database stores NaN.
    public func isNotNaN(_ number: SQLExpression) -> SQLExpression? { nil }

    /// By default a needle with U+0000 stays in memory: position functions of C-string heritage stop there.
    public func canSearch(for needle: String) -> Bool {
        !needle.unicodeScalars.contains("\0")
    }

    /// By default a dialect leaves `localizedStandardContains` to Swift: SQL's case folding
    /// (`lower`, `ILIKE`) is not Foundation's, and it does not ignore diacritics.
    public func localizedStandardContains(_ needle: SQLExpression, in haystack: SQLExpression) -> SQLExpression? { nil }

    /// By default a dialect keeps no insertion order.
    public func insertionOrder(alias: String) -> SQLExpression? { nil }

    /// By default to-many relationships are read apart from their rows.
    public func keyArray(_ keys: SQLSelect) -> SQLExpression? { nil }

    /// By default the database orders every fetch.
    public var ordersUnsortedFetchesInMemory: Bool { false }

    /// By default lists are written out up to the bind limit.
    public var inlineListLength: Int { maximumBindCount }

    /// By default a dialect binds no list as one value: longer lists are split into `IN` lists
    /// (and left to memory past the bind limit).
    public func membership(of element: SQLExpression, inBoundList values: [PersistentValue], storage: StorageType) -> SQLExpression? {
        nil
    }

    /// By default the database cannot list a table's indices.
    public func indexNamesQuery(of table: String) -> SQLStatement? { nil }

    /// By default one writer at a time: nothing to lock.
    public func uniqueValuesLock(of table: String) -> SQLStatement? { nil }

    /// By default one writer at a time: numbers are taken and committed in order already.
    public func historyLock(exclusively: Bool) -> SQLStatement? { nil }

    /// By default no one-statement form: ``SQLHistoryTable/append(_:on:dialect:)`` runs three.
    public func appendHistory(_ payload: String) -> SQLStatement? { nil }

    /// Quotes an identifier, doubling any embedded quote, so any name is safe.
    public func quote(_ identifier: String) -> String {
        guard identifier.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + identifier + "\"" }
        return "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
