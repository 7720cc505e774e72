import StrataCore

/// PostgreSQL's catalog, in the schema unqualified names resolve to (the store's namespace), and
/// its write locks: transaction-level advisory locks keyed by name, so concurrent saves take
/// turns only where they must.
extension PostgresDialect {
    /// The sequence minting keys of the table `table`.
    public func keySequence(of table: String) -> String { table + "_pk_seq" }

    /// Column types spelled as ``columnType(for:)`` spells them (`format_type`, upper-cased).
    public func columnTypesQuery(of table: String) -> SQLStatement {
        SQLStatement(
            text: "SELECT attname::text, upper(format_type(atttypid, atttypmod)) FROM pg_attribute "
                + "WHERE attrelid = to_regclass($1) AND attnum > 0 AND NOT attisdropped",
            binds: [.string(quote(table))])
    }

    public func indexNamesQuery(of table: String) -> SQLStatement? {
        SQLStatement(text: "SELECT indexname::text FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1", binds: [.string(table)])
    }

    /// An advisory lock keyed by the table's name: concurrent saves that insert into a table with
    /// unique values take turns, so two never both miss the other's row.
    public func uniqueValuesLock(of table: String) -> SQLStatement? {
        SQLStatement(text: "SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1))", binds: [.string(".strata.unique." + table)])
    }

    /// An advisory lock of the namespace, shared by saves, exclusive for readers. Shared holders
    /// do not wait for each other, so concurrent saves still commit together.
    public func historyLock(exclusively: Bool) -> SQLStatement? {
        SQLStatement(
            text: exclusively
                ? "SELECT pg_advisory_xact_lock(hashtext(current_schema() || $1))"
                : "SELECT pg_advisory_xact_lock_shared(hashtext(current_schema() || $1))",
            binds: [.string(Self.historyLockName)])
    }

    /// The shared history lock, taken in a materialized CTE so it is held before `nextval` runs
    /// in the `INSERT`'s projection of the CTE's one row.
    public func appendHistory(_ payload: String) -> SQLStatement? {
        SQLStatement(text: Self.appendHistoryText, binds: [.string(Self.historyLockName), .string(quote(keySequence(of: SQLHistoryTable.name))), .string(payload)])
    }

    private static let historyLockName = ".strata.history"
    private static let appendHistoryText = #"WITH "lock" AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(hashtext(current_schema() || $1))) "#
        + "INSERT INTO \(PostgresDialect().quote(SQLHistoryTable.name)) (\"token\", \"payload\") SELECT nextval($2::regclass), $3 FROM \"lock\" RETURNING \"token\""
}
