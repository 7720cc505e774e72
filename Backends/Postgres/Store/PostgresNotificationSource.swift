import Glibc
import StrataCore
import StrataSQL

/// Learns of commits by `LISTEN`ing on the store's channel, on a connection of its own that no
/// pool shares: every write of a ``PostgresStore`` sends `pg_notify` on that channel once it has
/// committed. When the connection drops, the source reconnects and then reports commits once,
/// since some may have been missed meanwhile.
final class PostgresNotificationSource: ExternalCommitSource, @unchecked Sendable {
    /// The longest one wait for the server lasts, so cancelling is prompt.
    static let waitMilliseconds: Int32 = 25
    /// The pause between attempts to reconnect.
    static let reconnectPause: useconds_t = 100_000

    private let connect: () throws -> PostgresConnection
    private let channel: String
    private var connection: PostgresConnection?

    /// Connects with `connect` and listens on `channel`.
    /// - Throws: ``PostgresError`` when the server cannot be reached or refuses `LISTEN`.
    init(channel: String, connect: @escaping () throws -> PostgresConnection) throws {
        self.channel = channel
        self.connect = connect
        connection = try listen()
    }

    func waitForCommits() -> Bool {
        guard let connection else { return reconnect() }
        do {
            return try connection.awaitNotifications(timeoutMilliseconds: Self.waitMilliseconds) > 0
        } catch {
            connection.close()
            self.connection = nil
            return false
        }
    }

    func close() { connection?.close() }

    /// A new connection listening on the channel; `true` once there is one (commits may have
    /// been missed while there was none), `false` after a pause when the server still refuses.
    private func reconnect() -> Bool {
        connection = try? listen()
        if connection == nil { usleep(Self.reconnectPause) }
        return connection != nil
    }

    private func listen() throws -> PostgresConnection {
        let connection = try connect()
        _ = try connection.execute("LISTEN \(PostgresDialect().quote(channel))")
        return connection
    }
}
