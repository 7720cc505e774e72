internal import CLibPQ

extension PostgresConnection {
    /// How many statements ``pipeline(_:_:)`` sends before each sync point and reading their results.
    static let pipelineBatchSize = 1_000

    /// Runs `sql` once per element of `rows` in libpq pipeline mode and returns the rows each
    /// run affected, in order.
    ///
    /// The statement is prepared once (through the statement cache), then sent in batches of
    /// ``pipelineBatchSize`` runs, each batch followed by one sync point and the reading of its
    /// results; a batch costs one round trip instead of one per row. Outside a transaction each
    /// batch commits on its own, so open one for all-or-nothing. After an error the remaining
    /// runs of that batch are skipped by the server and later batches are not sent; the
    /// connection leaves pipeline mode and stays usable.
    /// See <https://www.postgresql.org/docs/current/libpq-pipeline-mode.html>.
    /// - Throws: the first ``PostgresError`` a run reports (with that run's binds in debug mode);
    ///   ``PostgresError/Kind/misuse`` when rows bind different counts or types of parameters.
    func pipeline(_ sql: String, _ rows: [[PostgresParameter]]) throws -> [Int] {
        let handle = try openHandle(for: sql)
        guard !rows.isEmpty else { return [] }
        let name = try preparedStatement(sql, types: try Self.commonTypes(of: rows, sql: sql))
        guard PQenterPipelineMode(handle) == 1 else { throw connectionError(sql: sql, parameters: []) }
        // Leaving fails only with results left unread, which happens only on a broken connection.
        defer { PQexitPipelineMode(handle) }
        var counts: [Int] = []
        counts.reserveCapacity(rows.count)
        for start in stride(from: 0, to: rows.count, by: Self.pipelineBatchSize) {
            let batch = rows[start..<min(start + Self.pipelineBatchSize, rows.count)]
            if let error = try runBatch(batch, name: name, sql: sql, handle: handle, counts: &counts) { throw error }
        }
        return counts
    }

    /// Sends one batch and its sync point, then reads every result up to the sync's.
    /// - Returns: the first error a run reported, if any.
    /// - Throws: ``PostgresError`` when the connection broke.
    private func runBatch(
        _ batch: ArraySlice<[PostgresParameter]>, name: String, sql: String, handle: OpaquePointer, counts: inout [Int]
    ) throws -> PostgresError? {
        var firstError: PostgresError?
        var sent = batch.startIndex
        for row in batch {
            trace?(sql)
            do throws(PostgresError) {
                let accepted = try PostgresParameter.withArrays(row, sql: sql) { _, values, lengths, formats in
                    PQsendQueryPrepared(handle, name, Int32(row.count), values, lengths, formats, 1) == 1
                }
                guard accepted else { throw connectionError(sql: sql, parameters: row) }
            } catch {
                // Runs already sent still need their sync point and results read.
                firstError = error
                break
            }
            sent += 1
        }
        guard PQpipelineSync(handle) == 1 else { throw connectionError(sql: sql, parameters: []) }
        var index = batch.startIndex
        var endedStatement = false
        while true {
            guard let result = PQgetResult(handle) else {
                // A NULL ends one statement's results; two in a row mean the stream broke.
                guard !endedStatement, PQstatus(handle) == CONNECTION_OK else {
                    throw connectionError(sql: sql, parameters: [])
                }
                endedStatement = true
                continue
            }
            endedStatement = false
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_PIPELINE_SYNC:
                return firstError
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                counts.append(PostgresResult.affectedRows(result))
            case PGRES_PIPELINE_ABORTED:
                break
            default:
                let row = index < sent ? batch[index] : []
                firstError = firstError ?? error(from: result, sql: sql, parameters: row)
            }
            index += 1
        }
    }

    /// The parameter types shared by every row: a NULL's unspecified type gives way to another
    /// row's type, since NULL has no bytes to misread.
    /// - Throws: ``PostgresError/Kind/misuse`` when rows differ in parameter count or type.
    private static func commonTypes(of rows: [[PostgresParameter]], sql: String) throws -> [UInt32] {
        var types = rows[0].map(\.type)
        for row in rows {
            guard row.count == types.count else {
                throw PostgresError(kind: .misuse, message: "pipeline rows bind different numbers of parameters", sql: sql)
            }
            for (offset, parameter) in row.enumerated() where parameter.type != types[offset] {
                guard types[offset] == PostgresTypeOID.unspecified || parameter.type == PostgresTypeOID.unspecified else {
                    throw PostgresError(
                        kind: .misuse, message: "pipeline rows bind different types to parameter $\(offset + 1)", sql: sql)
                }
                types[offset] = max(types[offset], parameter.type)
            }
        }
        return types
    }
}
