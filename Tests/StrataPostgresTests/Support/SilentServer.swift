import Foundation
import Synchronization

/// A TCP listener on 127.0.0.1 that accepts connections and never completes a PostgreSQL
/// handshake, to test connect timeouts. It holds every accepted socket open until stopped.
final class SilentServer: Sendable {
    /// What the server does with a connection it accepted.
    enum Behaviour: Sendable {
        /// Reads nothing and sends nothing.
        case silent
        /// Answers a TLS request (`SSLRequest`) with `N` (no TLS), so libpq falls back to
        /// plain text on the same socket, then says nothing more.
        case refusesTLSThenSilent
    }

    let port: Int
    private let listener: Int32
    private let accepted = Mutex<[Int32]>([])

    /// Starts listening and accepting on a free port.
    init(_ behaviour: Behaviour) throws {
        (listener, port) = try TestCluster.loopbackSocket()
        guard listen(listener, 16) == 0 else { throw TestClusterError("could not listen: errno \(errno)") }
        let thread = Thread { [self] in acceptLoop(behaviour) }
        thread.name = "silent-server"
        thread.start()
    }

    /// How many connections were accepted so far.
    var acceptedCount: Int { accepted.withLock { $0.count } }

    /// Stops accepting and closes every socket.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        accepted.withLock { sockets in
            sockets.forEach { close($0) }
            sockets = []
        }
    }

    private func acceptLoop(_ behaviour: Behaviour) {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            accepted.withLock { $0.append(client) }
            if behaviour == .refusesTLSThenSilent {
                // SSLRequest is 8 bytes: length 8, code 80877103. Anything else gets no answer either.
                var request = [UInt8](repeating: 0, count: 8)
                if recv(client, &request, 8, Int32(MSG_WAITALL)) == 8 {
                    _ = send(client, [UInt8(ascii: "N")], 1, 0)
                }
            }
        }
    }
}
