import Foundation
import StrataCore
import StrataSync

/// A board of tickets, identified by a plain `id` string it does not declare as its sync identity.
@Model public final class SyncBoard: Syncable {
    public var id: String
    public var name: String
    @Relationship(deleteRule: .nullify, inverse: \SyncTicket.board) public var tickets: [SyncTicket] = []

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A ticket, identified by a plain undeclared `id` integer unique over every board (its board does not
/// scope it), whose status arrives nested (`"status": {"id": "open"}`) and whose view count
/// the server sends but does not take back.
@Model public final class SyncTicket: Syncable {
    public var id: Int
    public var title: String
    public var statusID: String?
    public var board: SyncBoard?
    public var viewCount: Int?

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }

    public static var syncRemoteKeys: [PartialKeyPath<SyncTicket>: String] { [\.statusID: "status.id"] }
    public static var syncNonExportedProperties: Set<PartialKeyPath<SyncTicket>> { [\.viewCount] }
}

/// A ticket whose board is mapped to a dotted key, which a relationship cannot have.
@Model public final class SyncMisnamedTicket: Syncable {
    public var id: Int
    public var board: SyncBoard?

    public init(id: Int) { self.id = id }

    public static var syncRemoteKeys: [PartialKeyPath<SyncMisnamedTicket>: String] { [\.board: "board.ref"] }
}
