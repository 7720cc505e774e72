import CLibPQ
import Foundation
import Testing

@testable import StrataPostgres

/// libpq's protocol trace of one connection (`PQtrace`), into a temporary file, to count the
/// sync points the client sends: one per round trip.
final class ProtocolTrace: @unchecked Sendable {
    private let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-pqtrace-\(UUID().uuidString)").path
    private let file: UnsafeMutablePointer<FILE>

    /// Starts tracing `connection`; call ``stop(_:)`` on the thread that then holds it.
    init(_ connection: PostgresConnection) throws {
        file = try #require(fopen(path, "w"))
        PQtrace(connection.handle, file)
    }

    /// Stops tracing `connection`.
    /// - Returns: the sync points sent since ``init(_:)``.
    func stop(_ connection: PostgresConnection) throws -> Int {
        PQuntrace(connection.handle)
        fclose(file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let trace = try String(contentsOfFile: path, encoding: .utf8)
        return trace.split(separator: "\n").filter { $0.split(separator: "\t").contains("Sync") && $0.contains("F\t") }.count
    }

    /// The sync points `body` sends on `connection`.
    static func syncs(on connection: PostgresConnection, _ body: () throws -> Void) throws -> Int {
        let trace = try ProtocolTrace(connection)
        do {
            try body()
        } catch {
            _ = try? trace.stop(connection)
            throw error
        }
        return try trace.stop(connection)
    }
}
