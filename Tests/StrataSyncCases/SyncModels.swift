import Foundation
import StrataCore
import StrataSync

/// A remote user: global identity (`remoteID` is unique), every coercible attribute type, one
/// excluded property and one remote-key override.
@Model public final class SyncUser: Syncable {
    @Attribute(.unique) public var remoteID: Int
    public var fullName: String
    public var age: Int?
    public var isAdmin: Bool = false
    public var birthday: Date?
    public var token: UUID?
    public var score: Double?
    public var homepage: URL?
    public var balance: Decimal?
    public var avatar: Data?
    public var level: SyncLevel?
    public var nickname: String?
    public var displayName: String?
    @Relationship(deleteRule: .cascade, inverse: \SyncNote.owner) public var notes: [SyncNote] = []

    public init(remoteID: Int, fullName: String) {
        self.remoteID = remoteID
        self.fullName = fullName
    }

    public static var syncExcludedProperties: Set<PartialKeyPath<SyncUser>> { [\.nickname] }
    public static var syncRemoteKeys: [PartialKeyPath<SyncUser>: String] { [\.displayName: "display"] }
}

/// A raw-value enum attribute.
public enum SyncLevel: String, Codable, Sendable {
    case bronze, silver, gold
}

/// A tag, identified by a string id, linked many-to-many with notes.
@Model public final class SyncTag: Syncable {
    @Attribute(.unique) public var remoteID: String
    public var label: String
    public var notes: [SyncNote] = []

    public init(remoteID: String, label: String) {
        self.remoteID = remoteID
        self.label = label
    }
}

/// A note whose id is unique only within its owner: two users may each have note 1.
@Model public final class SyncNote: Syncable {
    public var remoteID: Int
    public var text: String
    public var owner: SyncUser?
    @Relationship(inverse: \SyncTag.notes) public var tags: [SyncTag] = []

    public init(remoteID: Int, text: String) {
        self.remoteID = remoteID
        self.text = text
    }

    public static var syncIdentity: PartialKeyPath<SyncNote>? { \.remoteID }
    public static var syncIdentityScope: PartialKeyPath<SyncNote>? { \.owner }
}

/// A project using camelCase keys.
@Model public final class SyncProject: Syncable {
    @Attribute(.unique) public var remoteID: Int
    public var projectName: String
    public var lead: SyncUser?

    public init(remoteID: Int, projectName: String) {
        self.remoteID = remoteID
        self.projectName = projectName
    }

    public static var syncKeyStyle: SyncKeyStyle { .camelCase }
}

/// An employee whose manager is another employee, with no inverse: two employees may manage each
/// other, a cycle that nested export must end.
@Model public final class SyncEmployee: Syncable {
    @Attribute(.unique) public var remoteID: Int
    public var name: String
    public var manager: SyncEmployee?

    public init(remoteID: Int, name: String) {
        self.remoteID = remoteID
        self.name = name
    }
}
