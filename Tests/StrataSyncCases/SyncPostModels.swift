import Foundation
import StrataCore
import StrataSync

/// A post applied only when its `updated_at` is later than the stored one (`syncUpdatedAt`),
/// written by a user and replying to another post (nested as `"reply_to"`).
@Model public final class SyncPost: Syncable {
    @Attribute(.unique) public var remoteID: Int
    public var title: String
    public var updatedAt: Date?
    public var author: SyncUser?
    public var replyTo: SyncPost?

    public init(remoteID: Int, title: String) {
        self.remoteID = remoteID
        self.title = title
    }

    public static var syncUpdatedAt: PartialKeyPath<SyncPost>? { \.updatedAt }
}

/// A post whose `syncUpdatedAt` names an attribute that is not a date.
@Model public final class SyncMisdatedPost: Syncable {
    @Attribute(.unique) public var remoteID: Int
    public var title: String?

    public init(remoteID: Int) { self.remoteID = remoteID }

    public static var syncUpdatedAt: PartialKeyPath<SyncMisdatedPost>? { \.title }
}
