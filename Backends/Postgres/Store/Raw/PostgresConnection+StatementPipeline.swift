internal import CLibPQ

/// One statement of ``PostgresConnection/runPipeline(_:)``.
struct PipelinedStatement {
    let sql: String
    let parameters: [PostgresParameter]
    /// Whether it goes by the name the statement cache prepared it under; `false` sends the text
    /// (`BEGIN`, which gains nothing from preparing).
    let prepared: Bool
}

extension PostgresConnection {
    /// Sends `statements`, then one sync point, and reads every outcome: one round trip for all
    /// of them. After a failure the server skips the statements up to the sync point (their
    /// outcome is `nil`). Statements not yet prepared are prepared first, each in a round trip of
    /// its own.
    /// - Returns: each statement's result or error, in order.
    /// - Throws: ``PostgresError`` when the connection broke, or the error a statement's parameters
    ///   gave when encoded (once the statements before it ran, and nothing after it).
    func runPipeline(_ statements: [PipelinedStatement]) throws -> [Result<PostgresResult, any Error>?] {
        let names = try statements.map { $0.prepared ? try preparedStatement($0.sql, types: $0.parameters.map(\.type)) : "" }
        let lastSQL = statements.last?.sql ?? "pipeline"
        let handle = try openHandle(for: lastSQL)
        guard PQenterPipelineMode(handle) == 1 else { throw connectionError(sql: lastSQL, parameters: []) }
        // Leaving fails only with results left unread, which happens only on a broken connection
        // (or one a wait closed, whose handle is gone).
        defer { if self.handle != nil { PQexitPipelineMode(handle) } }
        var sent = 0
        var unsent: (any Error)?
        for (statement, name) in zip(statements, names) {
            do {
                try send(statement.sql, statement.parameters, name: name, inPipelineOn: handle)
            } catch {
                // The statements already sent still need their sync point and results read.
                unsent = error
                break
            }
            sent += 1
        }
        guard PQpipelineSync(handle) == 1 else { throw connectionError(sql: lastSQL, parameters: []) }
        var outcomes: [Result<PostgresResult, any Error>?] = []
        outcomes.reserveCapacity(sent)
        try readPipelineResults(handle, sql: lastSQL) { result in
            guard outcomes.count < sent, PQresultStatus(result) != PGRES_PIPELINE_ABORTED else {
                PQclear(result)
                outcomes.append(nil)
                return
            }
            let statement = statements[outcomes.count]
            outcomes.append(Result { try checked(result, sql: statement.sql, parameters: statement.parameters) })
        }
        if let unsent { throw unsent }
        guard outcomes.count == sent else { throw connectionError(sql: lastSQL, parameters: []) }
        return outcomes
    }
}
