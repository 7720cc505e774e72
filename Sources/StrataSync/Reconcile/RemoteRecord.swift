import Foundation

/// A record a remote API returns: its id and when it last changed (a DTO).
///
/// ```swift
/// struct TripRecord: RemoteRecord, Decodable {
///     let remoteID: Int
///     let updatedAt: Date
///     let name: String
///     let stops: [StopRecord]
/// }
/// ```
public protocol RemoteRecord: Sendable {
    /// The type of the remote id.
    associatedtype RemoteID: Hashable & Codable & Sendable
    /// The record's id on the remote side.
    var remoteID: RemoteID { get }
    /// When the record last changed on the remote side; only a newer record updates a model.
    var updatedAt: Date { get }
}
