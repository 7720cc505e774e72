import Foundation

/// The connections of one store: one writer, used under a lock, and a pool of readers.
///
/// A file database runs in WAL mode, so readers never wait for the writer. An in-memory
/// database is private to one connection, so reads share the writer and its lock. A read-only
/// store refuses every write before it reaches SQLite.
final class SQLiteConnections: @unchecked Sendable {
    private let writer: SQLiteConnection
    /// Why writes are refused (the store is read-only); `nil` when they are allowed.
    let readOnlyReason: String?
    private let writeLock = NSLock()
    private let openReader: (() throws -> SQLiteConnection)?
    private let maximumReaders: Int
    private let poolLock = NSLock()
    private let poolSignal = DispatchSemaphore(value: 0)
    private var idleReaders: [SQLiteConnection] = []
    private var openedReaders = 0

    init(writer: SQLiteConnection, readOnlyReason: String?, maximumReaders: Int, openReader: (() throws -> SQLiteConnection)?) {
        self.writer = writer
        self.readOnlyReason = readOnlyReason
        self.maximumReaders = max(maximumReaders, 1)
        self.openReader = openReader
    }

    /// Runs `body` with the writer, one caller at a time.
    /// - Throws: ``SQLiteError/Kind/readOnly`` for a read-only store, or what `body` throws.
    func write<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        if let readOnlyReason { throw SQLiteError.readOnly(readOnlyReason) }
        return try withWriter(body)
    }

    /// Runs `body` with a reader connection (the writer for in-memory databases).
    func read<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        guard openReader != nil else { return try withWriter(body) }
        let reader = try checkOut()
        defer { checkIn(reader) }
        return try body(reader)
    }

    private func withWriter<Result>(_ body: (SQLiteConnection) throws -> Result) rethrows -> Result {
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body(writer)
    }

    private func checkOut() throws -> SQLiteConnection {
        while true {
            poolLock.lock()
            if let reader = idleReaders.popLast() {
                poolLock.unlock()
                return reader
            }
            if openedReaders < maximumReaders {
                openedReaders += 1
                poolLock.unlock()
                do { return try openReader!() } catch {
                    poolLock.lock()
                    openedReaders -= 1
                    poolLock.unlock()
                    throw error
                }
            }
            poolLock.unlock()
            poolSignal.wait()
        }
    }

    private func checkIn(_ reader: SQLiteConnection) {
        poolLock.lock()
        idleReaders.append(reader)
        poolLock.unlock()
        poolSignal.signal()
    }
}
