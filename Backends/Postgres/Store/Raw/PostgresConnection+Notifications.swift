internal import CLibPQ
import Glibc

/// `LISTEN`/`NOTIFY` on the receiving side (<https://www.postgresql.org/docs/current/libpq-notify.html>).
extension PostgresConnection {
    /// Waits up to `timeoutMilliseconds` for the server to send something, reads what it sent
    /// and returns how many notifications arrived (counting any an earlier statement received).
    /// Use on a connection that runs nothing else meanwhile.
    /// - Throws: ``PostgresError/Kind/connectionLost`` when the connection broke;
    ///   ``PostgresError/Kind/misuse`` once it is closed.
    func awaitNotifications(timeoutMilliseconds: Int32) throws -> Int {
        let handle = try openHandle(for: "LISTEN")
        let socket = PQsocket(handle)
        guard socket >= 0 else { throw PostgresError(kind: .connectionLost, message: "the connection has no socket", sql: nil) }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        // A failed or interrupted poll (EINTR) only ends the wait early.
        _ = poll(&descriptor, 1, timeoutMilliseconds)
        guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else {
            throw PostgresError(kind: .connectionLost, message: Self.message(of: handle), sql: nil)
        }
        var count = 0
        while let notification = PQnotifies(handle) {
            PQfreemem(notification)
            count += 1
        }
        return count
    }
}
