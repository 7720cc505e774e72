import Foundation

/// How a server settles a pushed change to a row that someone else changed (or deleted) since
/// the pushing client last pulled.
///
/// A change to a row nobody else touched is applied as it is. The losing side of a conflict is
/// told: the push's answer carries the server's row (or its deletion) as a correction the client
/// applies.
public struct ConflictPolicy: Sendable {
    let resolve: @Sendable (ReplicationConflict) throws -> ConflictResolution

    /// The server's row stays as it is.
    public static let serverWins = ConflictPolicy { _ in .keepServer }
    /// The client's change is applied.
    public static let clientWins = ConflictPolicy { _ in .takeClient }

    /// The side whose `updatedAtKey` value (a date, as export writes it) is later wins; a tie
    /// keeps the server's. An edit beats a deletion (an edit's data is kept), and a side
    /// without the date loses to one with it.
    public static func newerWins(updatedAtKey: String = "updated_at") -> ConflictPolicy {
        ConflictPolicy { conflict in
            guard let client = conflict.client else { return .keepServer }
            guard let server = conflict.server else { return .takeClient }
            guard let clientDate = ExportedDate.read(client[updatedAtKey]) else { return .keepServer }
            guard let serverDate = ExportedDate.read(server[updatedAtKey]) else { return .takeClient }
            return clientDate > serverDate ? .takeClient : .keepServer
        }
    }

    /// `resolve` decides each conflict.
    public static func custom(_ resolve: @escaping @Sendable (ReplicationConflict) throws -> ConflictResolution) -> ConflictPolicy {
        ConflictPolicy(resolve: resolve)
    }
}

/// A pushed change to a row that changed on the server since the client last pulled.
public struct ReplicationConflict: @unchecked Sendable {
    /// The row's entity name.
    public let entity: String
    /// The row's remote id.
    public let id: Any
    /// The server's values of the row (every replicated property), `nil` when the server deleted it.
    public let server: [String: Any]?
    /// The client's values (the properties it changed; all of them for a new row), `nil` when it deletes the row.
    public let client: [String: Any]?
}

/// What a ``ConflictPolicy`` decides.
public enum ConflictResolution: @unchecked Sendable {
    /// The server's row stays; the client is sent it.
    case keepServer
    /// The client's change is applied.
    case takeClient
    /// These values are written over the server's row (properties not named stay); the client
    /// is sent the result.
    case merge([String: Any])
}

/// Reads a date as export writes it (ISO-8601 with milliseconds) or as seconds since 1970.
enum ExportedDate {
    static func read(_ value: Any?) -> Date? {
        switch value {
        case let text as String: try? SyncCoercion.exportDateStyle.parse(text)
        case let seconds as Int: Date(timeIntervalSince1970: Double(seconds))
        case let seconds as Double: Date(timeIntervalSince1970: seconds)
        default: nil
        }
    }
}
