internal import CLibPQ

extension PostgresConnection {
    /// Runs one statement through the connection's prepared-statement cache: the first call
    /// prepares it on the server (`PQsendPrepare`), later calls with the same SQL and parameter
    /// types only bind and execute (`PQsendQueryPrepared`).
    ///
    /// Parameter types are the ones the first call binds (NULL leaves a type to the server). The
    /// cache keeps ``PostgresStatementCache/capacity`` statements and deallocates the least
    /// recently used. Prepared statements outlive transactions, including rolled-back ones.
    /// Without ``namedStatements`` it is ``execute(_:_:)``: parsed for this call only.
    /// - Throws: as ``execute(_:_:)``.
    func executePrepared(_ sql: String, _ parameters: [PostgresParameter] = []) throws -> PostgresResult {
        if !pending.isEmpty { return try executeAfterPending(sql, parameters) }
        guard namedStatements else { return try execute(sql, parameters) }
        let handle = try openHandle(for: sql)
        let name = try preparedStatement(sql, types: parameters.map(\.type))
        trace?(sql)
        let sent = try PostgresParameter.withArrays(parameters, sql: sql) { _, values, lengths, formats in
            PQsendQueryPrepared(handle, name, Int32(parameters.count), values, lengths, formats, 1) == 1
        }
        guard sent else { throw connectionError(sql: sql, parameters: parameters) }
        return try checked(try outcome(of: handle, sql: sql), sql: sql, parameters: parameters)
    }

    /// The name of the server-side statement for `sql` with parameters of `types`, prepared now
    /// if the cache does not hold it (deallocating the least recently used one when full); the
    /// unnamed statement's empty name without ``namedStatements``, preparing nothing.
    /// - Throws: ``PostgresError`` from `DEALLOCATE` or from preparing `sql`.
    func preparedStatement(_ sql: String, types: [UInt32]) throws -> String {
        let handle = try openHandle(for: sql)
        guard namedStatements else { return "" }
        let key = PostgresStatementCache.Key(sql: sql, types: types)
        if let name = statements.name(for: key) { return name }
        if let evicted = statements.leastRecentlyUsed {
            // Generated names are plain identifiers, safe to write into the statement.
            let deallocate = "DEALLOCATE \(evicted.name)"
            guard PQsendQueryParams(handle, deallocate, 0, nil, nil, nil, nil, 1) == 1 else {
                throw connectionError(sql: deallocate, parameters: [])
            }
            _ = try checked(try outcome(of: handle, sql: deallocate), sql: deallocate, parameters: [])
            statements.remove(evicted.key)
        }
        let name = statements.makeName()
        let oids = types.map { Oid($0) }
        guard oids.withUnsafeBufferPointer({ PQsendPrepare(handle, name, sql, Int32(oids.count), $0.baseAddress) }) == 1 else {
            throw connectionError(sql: sql, parameters: [])
        }
        _ = try checked(try outcome(of: handle, sql: sql), sql: sql, parameters: [])
        statements.insert(name, for: key)
        return name
    }
}
