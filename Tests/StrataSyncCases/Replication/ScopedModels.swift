import Foundation
import StrataCore
import StrataSync

/// A principal's note: its items go with it (`.cascade`), its tags are many-to-many.
@Model public final class ScopedNote: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    @Attribute(.preserveValueOnDeletion) public var owner: String
    public var text: String
    public var updatedAt: Date
    @Relationship(deleteRule: .cascade, inverse: \ScopedItem.note) public var items: [ScopedItem] = []
    @Relationship(inverse: \ScopedTag.notes) public var tags: [ScopedTag] = []
    public static var syncIdentity: PartialKeyPath<ScopedNote>? { \.uid }
    public static var syncUpdatedAt: PartialKeyPath<ScopedNote>? { \.updatedAt }

    public init(uid: String, owner: String, text: String, updatedAt: Date) {
        self.uid = uid
        self.owner = owner
        self.text = text
        self.updatedAt = updatedAt
    }
}

/// An item under at most one note.
@Model public final class ScopedItem: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    @Attribute(.preserveValueOnDeletion) public var owner: String
    public var title: String
    public var updatedAt: Date
    public var note: ScopedNote?
    public static var syncIdentity: PartialKeyPath<ScopedItem>? { \.uid }
    public static var syncUpdatedAt: PartialKeyPath<ScopedItem>? { \.updatedAt }

    public init(uid: String, owner: String, title: String, updatedAt: Date, note: ScopedNote? = nil) {
        self.uid = uid
        self.owner = owner
        self.title = title
        self.updatedAt = updatedAt
        self.note = note
    }
}

/// A tag on many notes, a note with many tags.
@Model public final class ScopedTag: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    @Attribute(.preserveValueOnDeletion) public var owner: String
    public var name: String
    public var updatedAt: Date
    public var notes: [ScopedNote] = []
    public static var syncIdentity: PartialKeyPath<ScopedTag>? { \.uid }

    public init(uid: String, owner: String, name: String, updatedAt: Date) {
        self.uid = uid
        self.owner = owner
        self.name = name
        self.updatedAt = updatedAt
    }
}

/// The models of scope cases: each principal owns its notes, items and tags.
public enum ScopedSchema {
    /// The models a server and its clients replicate.
    public static let replicated: [any Syncable.Type] = [ScopedNote.self, ScopedItem.self, ScopedTag.self]
    /// A server's schema.
    public static let server: [any PersistentModel.Type] = [ScopedNote.self, ScopedItem.self, ScopedTag.self, ReplicationReceipt.self]
    /// A client's schema.
    public static let client: [any PersistentModel.Type] = [ScopedNote.self, ScopedItem.self, ScopedTag.self, ReplicationClientState.self]

    /// Each model limited to the principal's own rows, by their preserved `owner`.
    public static let byOwner = ReplicationScope<String>()
        .restricting(ScopedNote.self, by: \.owner) { $0 }
        .restricting(ScopedItem.self, by: \.owner) { $0 }
        .restricting(ScopedTag.self, by: \.owner) { $0 }
}
