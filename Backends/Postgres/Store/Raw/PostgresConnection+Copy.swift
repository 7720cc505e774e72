internal import CLibPQ

extension PostgresConnection {
    /// Runs `COPY table (columns…) FROM STDIN (FORMAT binary)` and streams the rows `write`
    /// produces: libpq sends each filled buffer while the next is built, so the server stores
    /// one part while the client encodes the next.
    ///
    /// Every field goes in PostgreSQL's binary format, the same bytes a binary parameter carries,
    /// so only parameters in binary format (not `numeric`, which Strata sends as text) can be
    /// copied. A row that breaks a constraint fails the whole `COPY`; run it inside a transaction.
    /// See <https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4>.
    /// - Returns: the rows stored.
    /// - Throws: ``PostgresError`` as the server or libpq reports it; what `write` throws, after
    ///   abandoning the `COPY` (the connection stays usable).
    func copyIn(_ sql: String, write: (inout PostgresCopyWriter) throws -> Void) throws -> Int {
        let handle = try openHandle(for: sql)
        trace?(sql)
        guard PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 1) == 1, let started = try outcome(of: handle, sql: sql) else {
            throw connectionError(sql: sql, parameters: [])
        }
        guard PQresultStatus(started) == PGRES_COPY_IN else {
            // Not a COPY FROM STDIN (or refused): `checked` reports what it was.
            _ = try checked(started, sql: sql, parameters: [])
            throw PostgresError(kind: .misuse, message: "the statement is not a COPY … FROM STDIN", sql: sql)
        }
        PQclear(started)
        var writer = PostgresCopyWriter { bytes in
            bytes.withUnsafeBytes { buffer in
                PQputCopyData(handle, buffer.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(buffer.count)) == 1
            }
        }
        var failure: (any Error)?
        do {
            try write(&writer)
            writer.finish()
        } catch {
            failure = error
        }
        let ended = failure == nil ? PQputCopyEnd(handle, nil) : PQputCopyEnd(handle, "abandoned by the client")
        var stored = 0
        var serverError: PostgresError?
        while let result = try nextResult(handle, sql: sql) {
            defer { PQclear(result) }
            if PQresultStatus(result) == PGRES_COMMAND_OK {
                stored = PostgresResult.affectedRows(result)
            } else if serverError == nil {
                serverError = error(from: result, sql: sql, parameters: [])
            }
        }
        if let failure { throw failure }
        if let serverError { throw serverError }
        guard ended == 1, !writer.sendFailed else { throw connectionError(sql: sql, parameters: []) }
        return stored
    }
}

/// Encodes rows for a binary `COPY` (header, then per row a field count and each field's length
/// and bytes, then a trailer) and hands full buffers to libpq.
struct PostgresCopyWriter {
    /// Bytes collected before they are handed over; large enough to keep libpq's sends few.
    static let bufferSize = 256 * 1024

    private var buffer: [UInt8] = []
    private let send: ([UInt8]) -> Bool
    private(set) var sendFailed = false

    fileprivate init(send: @escaping ([UInt8]) -> Bool) {
        self.send = send
        buffer.reserveCapacity(Self.bufferSize + 4_096)
        // "PGCOPY\n\xFF\r\n\0", then 32-bit flags and header-extension length, both zero.
        buffer += [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00]
        append(UInt32(0))
        append(UInt32(0))
    }

    /// Starts a row of `fieldCount` fields.
    mutating func beginRow(fieldCount: Int) {
        if buffer.count >= Self.bufferSize { flush() }
        append(UInt16(fieldCount))
    }

    /// Writes one field.
    /// - Throws: ``PostgresError/Kind/invalidValue`` for a text-format parameter.
    mutating func write(_ parameter: PostgresParameter) throws {
        guard parameter.format == 1 else {
            throw PostgresError(kind: .invalidValue, message: "a binary COPY takes binary values only", sql: nil)
        }
        switch parameter.payload {
        case .null:
            append(UInt32(bitPattern: -1))
        case .fixed(let value, let count):
            append(UInt32(count))
            appendBigEndian(value, byteCount: count)
        case .text(let text):
            let lengthAt = buffer.count
            append(UInt32(0))
            PostgresTextEscaping.append(text, to: &buffer)
            patchLength(at: lengthAt)
        case .bytes(let bytes):
            append(UInt32(bytes.count))
            buffer += bytes
        }
    }

    /// Writes the trailer and hands over what is left.
    fileprivate mutating func finish() {
        append(UInt16(bitPattern: -1))
        flush()
    }

    private mutating func flush() {
        guard !buffer.isEmpty, !sendFailed else { return }
        sendFailed = !send(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
        appendBigEndian(UInt64(truncatingIfNeeded: value), byteCount: Integer.bitWidth / 8)
    }

    /// Appends the low `byteCount` bytes of `value`, most significant first. Byte by byte: a
    /// slice of raw bytes is appended through the generic, element-wise path.
    private mutating func appendBigEndian(_ value: UInt64, byteCount: Int) {
        var shift = (byteCount - 1) * 8
        while shift >= 0 {
            buffer.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Fills in the 32-bit length written at `offset` with the byte count that follows it.
    private mutating func patchLength(at offset: Int) {
        let length = UInt32(buffer.count - offset - 4).bigEndian
        withUnsafeBytes(of: length) { bytes in
            for index in 0..<4 { buffer[offset + index] = bytes[index] }
        }
    }
}
