import StrataCore

/// One connection to a SQL database, as ``SQLStoreEngine`` drives it: statements run one at a
/// time, inside whatever transaction the backend opened. A backend conforms its raw connection
/// and keeps what differs between databases here: how rows decode, how rows are written in
/// bulk, how keys are minted and how the catalog is read.
public protocol SQLConnection {
    /// Runs a statement that returns no rows.
    /// - Returns: how many rows it changed.
    @discardableResult func run(_ statement: SQLStatement) throws -> Int

    /// Runs a query and returns its first column, an integer (keys, counts), per row.
    func integers(_ statement: SQLStatement) throws -> [Int64]

    /// Runs a query and returns its first two columns, integers (owner and target keys), per row.
    func integerPairs(_ statement: SQLStatement) throws -> [(Int64, Int64)]

    /// Runs a query selecting ``EntityMapping/selectColumns(alias:)`` and decodes each row into a
    /// snapshot, to-many relationships left unset.
    func snapshots(_ statement: SQLStatement, mapping: EntityMapping, storeIdentifier: String) throws -> [DefaultSnapshot]

    /// Inserts new rows into the mapping's table: `keys[i]` is the integer key of `rows[i]`, then
    /// its column values. (A row's own identifier may still be the temporary one its context
    /// minted: the save sends the context's snapshots as they are rather than copying each.)
    func insert(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws

    /// Updates rows of the mapping's table, found by key, with their values for `update`'s columns.
    /// - Returns: the rows that were not found.
    /// - Throws: an error that ``isUniqueViolation(_:)`` recognises when a row would duplicate
    ///   another's unique values.
    func update(_ rows: [DefaultSnapshot], in mapping: EntityMapping, setting update: EntityMapping.Update) throws -> [PersistentIdentifier]

    /// Runs one statement once per row of binds (join-table rows).
    func runForEach(_ sql: String, binds rows: [[PersistentValue]]) throws

    /// `count` keys for new rows of `table`. A key a committed save used is never handed out
    /// again, even after its row was deleted (an old identifier never names a new row).
    func newKeys(_ count: Int, for table: String) throws -> [Int64]

    /// The declared type of every column of `table`, by name, in the spelling of the dialect's
    /// ``SQLDialect/columnType(for:)``; empty when the table does not exist.
    func columnTypes(of table: String) throws -> [String: String]

    /// The names of the indices on `table`, so opening a database that has them all writes
    /// nothing; `nil` when the connection cannot tell (every index is then created with
    /// `IF NOT EXISTS` on each open).
    func indexNames(of table: String) throws -> Set<String>?

    /// Keeps other writers from inserting into `table` until this transaction ends, so looking
    /// for a row with the same unique values and inserting stay one step (an upsert). A database
    /// that runs one writer at a time does nothing here.
    func lockUniqueValues(of table: String) throws

    /// Whether `error` reports a unique-constraint violation.
    func isUniqueViolation(_ error: any Error) -> Bool

    /// Orders history numbers by commit without making writers wait for each other: a save
    /// takes the history lock shared (`exclusively: false`) before it takes its number, and holds
    /// it to its commit; a reader of the history takes it exclusively first, inside a read-write
    /// transaction, so it reads only once every number handed out so far is committed or rolled
    /// back, and later numbers are larger than all it read. A database that runs one writer at a
    /// time does nothing here (the default).
    func lockHistory(exclusively: Bool) throws

    /// Records a history payload in one statement — the shared history lock, the next number
    /// and the `INSERT` together, as ``SQLHistoryTable/append(_:on:dialect:)`` does in three —
    /// and returns its number; `nil` when the database has no such form (the default), so the
    /// three statements run. Saves a server two round trips per save.
    func appendHistoryInOneStatement(_ payload: String) throws -> Int64?

    /// Fails the transaction with `missing()` unless the query `statement` returns a row. A
    /// server database may hold the query back to travel with the transaction's next statement
    /// (one round trip fewer), so the error may come from a later call, always before the
    /// transaction commits; the default runs it at once. Call inside a write transaction.
    func requireRow(_ statement: SQLStatement, otherwise missing: @escaping @Sendable () -> any Error) throws
}

extension SQLConnection {
    /// One writer at a time: numbers are taken and committed in order already.
    public func lockHistory(exclusively: Bool) throws {}

    /// No one-statement form: ``SQLHistoryTable/append(_:on:dialect:)`` runs three.
    public func appendHistoryInOneStatement(_ payload: String) throws -> Int64? { nil }

    /// Unknown: the reconciler creates every index with `IF NOT EXISTS` on each open.
    public func indexNames(of table: String) throws -> Set<String>? { nil }

    /// Runs the query at once.
    public func requireRow(_ statement: SQLStatement, otherwise missing: @escaping @Sendable () -> any Error) throws {
        if try integers(statement).isEmpty { throw missing() }
    }
}
