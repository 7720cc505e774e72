import Foundation
import StrataCore
import StrataSync

/// A project on every replica: its tasks link to it (the to-one side carries the link).
@Model public final class ReplicaProject: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    public var name: String
    public var owner: String
    public var updatedAt: Date
    @Relationship(inverse: \ReplicaTask.project) public var tasks: [ReplicaTask] = []
    @Relationship(inverse: \ReplicaLabel.projects) public var labels: [ReplicaLabel] = []
    public static var syncIdentity: PartialKeyPath<ReplicaProject>? { \.uid }
    /// Declared so replication is seen to apply what its policy chose even when older (import rule 15 is off).
    public static var syncUpdatedAt: PartialKeyPath<ReplicaProject>? { \.updatedAt }

    public init(uid: String, name: String, owner: String = "ann", updatedAt: Date) {
        self.uid = uid
        self.name = name
        self.owner = owner
        self.updatedAt = updatedAt
    }
}

/// A task, in at most one project.
@Model public final class ReplicaTask: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    public var title: String
    public var done: Bool
    public var rank: Int
    public var owner: String
    public var updatedAt: Date
    public var project: ReplicaProject?
    public static var syncIdentity: PartialKeyPath<ReplicaTask>? { \.uid }
    public static var syncUpdatedAt: PartialKeyPath<ReplicaTask>? { \.updatedAt }

    public init(uid: String, title: String, done: Bool = false, rank: Int = 0, owner: String = "ann", updatedAt: Date, project: ReplicaProject? = nil) {
        self.uid = uid
        self.title = title
        self.done = done
        self.rank = rank
        self.owner = owner
        self.updatedAt = updatedAt
        self.project = project
    }
}

/// A label on many projects, a project with many labels.
@Model public final class ReplicaLabel: Syncable {
    @Attribute(.unique, .preserveValueOnDeletion) public var uid: String
    public var text: String
    public var updatedAt: Date
    public var projects: [ReplicaProject] = []
    public static var syncIdentity: PartialKeyPath<ReplicaLabel>? { \.uid }

    public init(uid: String, text: String, updatedAt: Date) {
        self.uid = uid
        self.text = text
        self.updatedAt = updatedAt
    }
}

/// The replicated models and the stores replication cases run on.
public enum ReplicaSchema {
    /// The models a server and its clients replicate.
    public static let replicated: [any Syncable.Type] = [ReplicaProject.self, ReplicaTask.self, ReplicaLabel.self]
    /// A server's schema: the models and the receipts of applied batches.
    public static let server: [any PersistentModel.Type] = [ReplicaProject.self, ReplicaTask.self, ReplicaLabel.self, ReplicationReceipt.self]
    /// A client's schema: the models and the client's state.
    public static let client: [any PersistentModel.Type] = [ReplicaProject.self, ReplicaTask.self, ReplicaLabel.self, ReplicationClientState.self]
}
