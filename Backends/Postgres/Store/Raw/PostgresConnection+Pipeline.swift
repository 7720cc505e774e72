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
        _ = try openHandle(for: sql)
        guard !rows.isEmpty else { return [] }
        let name = try preparedStatement(sql, types: try Self.commonTypes(of: rows, sql: sql))
        return try pipeline(count: rows.count) { (name, sql, rows[$0]) }
    }

    /// Runs `count` prepared statements in pipeline mode, asking `statement` for each one's
    /// name, SQL text and parameters only when it is sent: the server runs one statement while
    /// the next one's parameters are built. Batches and errors are as in ``pipeline(_:_:)``;
    /// an error `statement` throws ends the pipeline like a statement's error.
    /// - Returns: the rows each statement affected, in order.
    func pipeline(
        count: Int, statement: (Int) throws -> (name: String, sql: String, parameters: [PostgresParameter])
    ) throws -> [Int] {
        let handle = try openHandle(for: "pipeline")
        guard count > 0 else { return [] }
        guard PQenterPipelineMode(handle) == 1 else { throw connectionError(sql: "pipeline", parameters: []) }
        // Leaving fails only with results left unread, which happens only on a broken connection
        // (or one a wait closed, whose handle is gone).
        defer { if self.handle != nil { PQexitPipelineMode(handle) } }
        var counts: [Int] = []
        counts.reserveCapacity(count)
        for start in stride(from: 0, to: count, by: Self.pipelineBatchSize) {
            let batch = start..<min(start + Self.pipelineBatchSize, count)
            if let error = try runBatch(batch, statement: statement, handle: handle, counts: &counts) { throw error }
        }
        return counts
    }

    /// Sends one batch and its sync point, then reads every result up to the sync's.
    /// - Returns: the first error a run reported, if any.
    /// - Throws: ``PostgresError`` when the connection broke.
    private func runBatch(
        _ batch: Range<Int>, statement: (Int) throws -> (name: String, sql: String, parameters: [PostgresParameter]),
        handle: OpaquePointer, counts: inout [Int]
    ) throws -> PostgresError? {
        var firstError: PostgresError?
        // What each sent statement ran, for its error: the SQL, and the binds in debug mode only.
        var sentSQL: [String] = []
        var sentParameters: [[PostgresParameter]] = []
        var lastSQL = "pipeline"
        for index in batch {
            do {
                let (name, sql, parameters) = try statement(index)
                lastSQL = sql
                try send(sql, parameters, name: name, inPipelineOn: handle)
                sentSQL.append(sql)
                if debugBindValues { sentParameters.append(parameters) }
            } catch {
                // Runs already sent still need their sync point and results read.
                firstError = error as? PostgresError ?? PostgresError(kind: .misuse, message: "\(error)", sql: lastSQL)
                break
            }
        }
        guard PQpipelineSync(handle) == 1 else { throw connectionError(sql: lastSQL, parameters: []) }
        var index = 0
        try readPipelineResults(handle, sql: lastSQL) { result in
            defer {
                PQclear(result)
                index += 1
            }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                counts.append(PostgresResult.affectedRows(result))
            case PGRES_PIPELINE_ABORTED:
                break
            default:
                let sql = index < sentSQL.count ? sentSQL[index] : lastSQL
                let parameters = index < sentParameters.count ? sentParameters[index] : []
                firstError = firstError ?? error(from: result, sql: sql, parameters: parameters)
            }
        }
        return firstError
    }

    /// Queues one statement in the pipeline open on `handle`, and traces it: by the name the
    /// statement cache prepared it under, or as text when `name` is empty (unnamed).
    /// - Throws: the error encoding its parameters gave; ``PostgresError`` when libpq refused it.
    func send(_ sql: String, _ parameters: [PostgresParameter], name: String, inPipelineOn handle: OpaquePointer) throws {
        trace?(sql)
        let count = Int32(parameters.count)
        let accepted = try PostgresParameter.withArrays(parameters, sql: sql) { types, values, lengths, formats in
            name.isEmpty
                ? PQsendQueryParams(handle, sql, count, types, values, lengths, formats, 1) == 1
                : PQsendQueryPrepared(handle, name, count, values, lengths, formats, 1) == 1
        }
        guard accepted else { throw connectionError(sql: sql, parameters: parameters) }
    }

    /// Reads every result up to the pipeline's sync point (consumed here), handing each other
    /// result to `each`, which owns it and must clear it.
    /// - Throws: ``PostgresError`` naming `sql` when the connection broke before the sync point;
    ///   as ``nextResult(_:sql:)`` when a wait ended.
    func readPipelineResults(_ handle: OpaquePointer, sql: String, _ each: (OpaquePointer) -> Void) throws {
        var endedStatement = false
        while true {
            guard let result = try nextResult(handle, sql: sql) else {
                // A NULL ends one statement's results; two in a row mean the stream broke.
                guard !endedStatement, PQstatus(handle) == CONNECTION_OK else { throw connectionError(sql: sql, parameters: []) }
                endedStatement = true
                continue
            }
            endedStatement = false
            guard PQresultStatus(result) != PGRES_PIPELINE_SYNC else {
                PQclear(result)
                return
            }
            each(result)
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
