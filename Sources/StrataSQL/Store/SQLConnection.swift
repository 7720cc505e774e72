import StrataCore

/// One connection to a SQL database, as ``SQLStoreEngine`` drives it: statements run one at a
/// time, inside whatever transaction the backend opened. This is all a SQL backend executes for
/// the engine; what SQL to send (catalog queries, locks) is its ``SQLDialect``'s, and how a
/// failure is classified is its error's ``SQLBackendError/category``.
public protocol SQLConnection {
    /// One row of a query's result, read by column.
    associatedtype Row: SQLRow

    /// Runs a statement that returns no rows.
    /// - Returns: how many rows it changed.
    @discardableResult func run(_ statement: SQLStatement) throws -> Int

    /// Runs a query and hands each row of its result to `body`, in order. The row is valid only
    /// during the call.
    func forEachRow(_ statement: SQLStatement, _ body: (Row) throws -> Void) throws

    /// Runs a query selecting ``EntityMapping/selectColumns(alias:)`` and decodes each row into a
    /// snapshot, to-many relationships left unset.
    func snapshots(_ statement: SQLStatement, mapping: EntityMapping, storeIdentifier: String) throws -> [DefaultSnapshot]

    /// Inserts new rows with the mapping's ``EntityMapping/insert``: `keys[i]` is the integer key
    /// of `rows[i]`. (A row's own identifier may still be the temporary one its context minted:
    /// the save sends the context's snapshots as they are rather than copying each.)
    func insert(_ rows: [DefaultSnapshot], keys: [Int64], into mapping: EntityMapping) throws

    /// Updates rows of the mapping's table by key with `update`, each row's own key bound where
    /// ``SQLRowWrite/parameters`` says.
    /// - Returns: the rows that were not found.
    /// - Throws: an error of category ``SQLErrorCategory/uniqueViolation`` when a row would
    ///   duplicate another's unique values.
    func update(_ rows: [DefaultSnapshot], in mapping: EntityMapping, setting update: SQLRowWrite) throws -> [PersistentIdentifier]

    /// Runs one statement once per row of binds (join-table rows).
    func runForEach(_ sql: String, binds rows: [[PersistentValue]]) throws

    /// `count` keys for new rows of `table`. A key a committed save used is never handed out
    /// again, even after its row was deleted (an old identifier never names a new row).
    func newKeys(_ count: Int, for table: String) throws -> [Int64]
}

/// A connection that holds a row check back to travel with the transaction's next statement,
/// one round trip fewer on a server database. Optional: without it the engine runs the check at
/// once.
public protocol SQLDeferredRowChecks: SQLConnection {
    /// Fails the transaction with `missing()` unless the query `statement` returns a row; the
    /// error may come from a later call on the connection, always before the transaction
    /// commits (run what is still held before `COMMIT`, and throw its error from there). Called
    /// inside a write transaction.
    func requireRow(_ statement: SQLStatement, otherwise missing: @escaping @Sendable () -> any Error) throws
}
