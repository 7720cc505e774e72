import Glibc
import StrataCore

/// Learns of commits by polling `PRAGMA data_version` on a connection of its own: the value
/// changes when any other connection, in this process or another, commits to the database
/// (<https://www.sqlite.org/pragma.html#pragma_data_version>). A poll reads the WAL index in
/// shared memory, so it costs microseconds and takes no lock a writer waits for.
final class SQLiteDataVersionSource: ExternalCommitSource, @unchecked Sendable {
    /// How long the source sleeps between polls.
    static let interval: useconds_t = 5_000

    private let connection: SQLiteConnection
    private var version: Int64

    /// Reads the current version on `connection`, which the source owns from now on.
    /// - Throws: ``SQLiteError`` when the version cannot be read.
    init(connection: SQLiteConnection) throws {
        self.connection = connection
        version = try Self.dataVersion(on: connection)
    }

    func waitForCommits() -> Bool {
        usleep(Self.interval)
        // A failed read (the file is being recovered, say) may hide a commit: signal it.
        guard let current = try? Self.dataVersion(on: connection) else { return true }
        defer { version = current }
        return current != version
    }

    func close() { connection.close() }

    private static func dataVersion(on connection: SQLiteConnection) throws -> Int64 {
        try connection.query("PRAGMA data_version") { $0.int64(at: 0) }.first ?? 0
    }
}
