import StrataCore

/// What every SQL store does when it opens, in one place: bring the tables in line with the
/// schema (reconcile, or migrate through a plan), keep the store's own tables (the metadata
/// table and its identifier, the history table) and each table's key source. A backend only
/// picks the connection and the transaction (and, for a database that several processes open at
/// once, a lock) and calls ``open(on:)``.
public struct SQLStoreOpening {
    /// The tables the store needs, in the backend's dialect.
    public let tables: SchemaTables
    /// The plan the store migrates through; `nil` reconciles additive changes only.
    public let migrationPlan: (any SchemaMigrationPlan.Type)?
    /// Whether the store records history (and so creates its table).
    public let recordsHistory: Bool

    /// Opening of `tables`, through `migrationPlan` when given, with a history table when `recordsHistory`.
    public init(tables: SchemaTables, migrationPlan: (any SchemaMigrationPlan.Type)?, recordsHistory: Bool) {
        self.tables = tables
        self.migrationPlan = migrationPlan
        self.recordsHistory = recordsHistory
    }

    /// What the database holds before opening, read without writing.
    public struct Survey {
        /// The store identifier; `nil` before the first open that could write.
        public let identifier: String?
        /// Whether the history table is there.
        public let hasHistoryTable: Bool
        /// What opening must write, one phrase each ("create table Trip", "migrate: …"); empty
        /// when the tables are in line and the metadata table is there.
        public let needs: [String]
    }

    /// What the database holds and what opening it would write; only reads.
    /// - Throws: the connection's errors; ``SwiftDataError/schemaMismatch`` (without a plan) or
    ///   the migrator's errors when the database cannot be brought in line.
    public func survey(on connection: some SQLMigrationConnection) throws -> Survey {
        var needs: [String]
        if let migrationPlan {
            let work = try SQLMigrator(plan: migrationPlan, target: tables.schema, dialect: tables.dialect).work(on: connection)
            if case .none = work { needs = [] } else { needs = ["migrate: \(work)"] }
        } else {
            needs = try SQLSchemaReconciler(tables: tables, connection: connection).requiredChanges()
        }
        let identifier = try SQLMetadataTable.existingStoreIdentifier(on: connection, dialect: tables.dialect)
        if identifier == nil { needs.append("create Strata's metadata table") }
        return Survey(identifier: identifier, hasHistoryTable: try SQLHistoryTable.exists(on: connection, dialect: tables.dialect), needs: needs)
    }

    /// The store identifier and whether the history table is there, when opening would write
    /// nothing (a history table the store does not record is not needed); `nil` otherwise.
    public func openedWithoutWriting(_ survey: Survey) -> (identifier: String, hasHistoryTable: Bool)? {
        guard survey.needs.isEmpty, let identifier = survey.identifier, survey.hasHistoryTable || !recordsHistory else { return nil }
        return (identifier, survey.hasHistoryTable)
    }

    /// Brings the database in line inside the caller's write transaction: the history table
    /// first (a migration's stages' saves are recorded, or marked as gaps, like any save), then
    /// the tables, the metadata table with the store identifier (minted on first open), and each
    /// table's key source.
    /// - Returns: the store identifier and whether the history table is there.
    /// - Throws: the connection's errors; as ``SQLSchemaReconciler/reconcile()`` or
    ///   ``SQLMigrator/migrate(on:storeIdentifier:history:)``.
    public func open(on connection: some SQLMigrationConnection) throws -> (identifier: String, hasHistoryTable: Bool) {
        let dialect = tables.dialect
        if recordsHistory { try SQLHistoryTable.create(on: connection, dialect: dialect) }
        let hasHistoryTable = try recordsHistory || SQLHistoryTable.exists(on: connection, dialect: dialect)
        let identifier: String
        if let migrationPlan {
            identifier = try SQLMetadataTable.storeIdentifier(on: connection, dialect: dialect)
            // Before the stages too (PostgreSQL's opening did so before it was shared): a stage's
            // saves may mint keys; a source made here for a name a stage renames a table into
            // gives way to that table's own (`renameKeys`).
            try prepareKeys(on: connection)
            try SQLMigrator(plan: migrationPlan, target: tables.schema, dialect: dialect).migrate(
                on: connection, storeIdentifier: identifier, history: SQLMigrationHistory(records: recordsHistory, hasTable: hasHistoryTable))
        } else {
            try SQLSchemaReconciler(tables: tables, connection: connection).reconcile()
            identifier = try SQLMetadataTable.storeIdentifier(on: connection, dialect: dialect)
        }
        try prepareKeys(on: connection)
        return (identifier, hasHistoryTable)
    }

    private func prepareKeys(on connection: some SQLMigrationConnection) throws {
        for table in tables.tables where table.hasRowKey { try connection.prepareKeys(for: table.name) }
    }
}
