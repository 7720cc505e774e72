import Foundation

/// The connections of one store: one writer, used under a lock, and a pool of readers.
///
/// A file database runs in WAL mode, so readers never wait for the writer. An in-memory
/// database is private to one connection, so reads share the writer and its lock.
final class SQLiteConnections: @unchecked Sendable {
    private let writer: SQLiteConnection
    private let writeLock = NSLock()
    private let openReader: (() throws -> SQLiteConnection)?
    private let maximumReaders: Int
    private let poolLock = NSLock()
    private let poolSignal = DispatchSemaphore(value: 0)
    private var idleReaders: [SQLiteConnection] = []
    private var openedReaders = 0

    init(writer: SQLiteConnection, maximumReaders: Int, openReader: (() throws -> SQLiteConnection)?) {
        self.writer = writer
        self.maximumReaders = max(maximumReaders, 1)
        self.openReader = openReader
    }

    /// Runs `body` with the writer, one caller at a time.
    func write<Result>(_ body: (SQLiteConnection) throws -> Result) rethrows -> Result {
        writeLock.lock()
        defer { writeLock.unlock() }
        return try body(writer)
    }

    /// Runs `body` with a reader connection (the writer for in-memory databases).
    func read<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        guard openReader != nil else { return try write(body) }
        let reader = try checkOut()
        defer { checkIn(reader) }
        return try body(reader)
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
