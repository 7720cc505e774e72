import Foundation
import StrataCore

/// A batch a ``ReplicationServer`` applied, kept so a batch sent again is answered without being
/// applied twice. Written in the same save as the batch's changes. Add it to the server's schema.
@Model public final class ReplicationReceipt {
    /// The batch's id, as the client chose it.
    @Attribute(.unique) public var batchID: String
    /// The client that pushed it.
    public var client: String
    /// The server's answer, without its token (a repeat is answered with the latest token).
    public var answer: Data
    /// When the server applied the batch.
    public var appliedAt: Date

    init(batchID: String, client: String, answer: Data, appliedAt: Date = Date()) {
        self.batchID = batchID
        self.client = client
        self.answer = answer
        self.appliedAt = appliedAt
    }
}
