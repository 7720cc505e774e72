import Foundation
import StrataCore

/// A batch a ``ReplicationServer`` applied, kept so a batch sent again is answered without being
/// applied twice. Written in the same save as the batch's changes. Add it to the server's schema.
///
/// A receipt belongs to the principal and the client that pushed the batch: another principal
/// (or client) sending the same batch id is not answered from it.
@Model public final class ReplicationReceipt {
    #Unique<ReplicationReceipt>([\.principal, \.client, \.batchID])

    /// The batch's id, as the client chose it.
    public var batchID: String
    /// The principal that pushed it, as the server's `principalName` writes it (`nil` in a
    /// receipt written before receipts were kept per principal).
    public var principal: String?
    /// The client that pushed it.
    public var client: String
    /// The server's answer, without its token (a repeat is answered with the latest token).
    public var answer: Data
    /// When the server applied the batch.
    public var appliedAt: Date

    init(batchID: String, principal: String, client: String, answer: Data, appliedAt: Date = Date()) {
        self.batchID = batchID
        self.principal = principal
        self.client = client
        self.answer = answer
        self.appliedAt = appliedAt
    }
}
