import Foundation
import Strata
import StrataSync

/// A user's note, replicated to that user's devices (`/replication`): the one model of the
/// service that offline clients keep a copy of. Its `uid` is chosen by the device that creates
/// it, the same on every replica, and kept on deletion so a deletion can name the note.
@Model final class Note: Syncable {
    /// The note's id on every replica.
    @Attribute(.unique, .preserveValueOnDeletion) var uid: String
    /// The user the note belongs to; a device of another user neither sees nor changes it. Kept
    /// on deletion, so the deletion reaches that user's devices only.
    @Attribute(.preserveValueOnDeletion) var owner: String
    /// What the note says.
    var text: String
    /// Whether it is done.
    var done: Bool
    /// When it last changed; the newer side wins a conflict.
    var updatedAt: Date

    static var syncIdentity: PartialKeyPath<Note>? { \.uid }

    /// A note of `owner`'s.
    init(uid: String, owner: String, text: String, done: Bool = false, updatedAt: Date) {
        self.uid = uid
        self.owner = owner
        self.text = text
        self.done = done
        self.updatedAt = updatedAt
    }
}
