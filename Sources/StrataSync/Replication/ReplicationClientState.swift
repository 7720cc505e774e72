import Foundation
import StrataCore

/// Where a ``ReplicationClient`` stands, kept in the client's own store so it survives restarts
/// and kills: the server token it last pulled, the local history it has pushed, and the batch it
/// is pushing. Add it to the client's schema.
@Model public final class ReplicationClientState {
    /// The client's name; one state per client.
    @Attribute(.unique) public var client: String
    /// The server's store and token number the client last pulled (`nil`: it has never pulled).
    var pulledStore: String?
    var pulledValue: Int64?
    /// The local history token number up to which changes were pushed and acknowledged.
    var pushedValue: Int64?
    /// The batch sent but not yet acknowledged, as JSON: sent again, with the same id, until it is.
    var pendingBatch: Data?
    /// The local history token number the pending batch reaches.
    var pendingUpTo: Int64?
    /// Rows whose pulled changes were left alone for local changes not yet pushed, as JSON
    /// (`[{"entity": …, "id": …}]`): the next batch asks the server to send them again.
    var deferredRows: Data?
    /// The pushed changes the server refused and the client settled, as JSON (``RefusedChange``s),
    /// until the app forgets them.
    var refusedChanges: Data?

    init(client: String) {
        self.client = client
    }

    /// The rows to ask the server for again.
    var deferred: [ReplicaRow] {
        get { (deferredRows.flatMap { try? JSONSerialization.jsonObject(with: $0) } as? [Any] ?? []).enumerated().compactMap { try? ReplicaRow(json: $1, at: $0) } }
        set { deferredRows = newValue.isEmpty ? nil : try? JSONSerialization.data(withJSONObject: newValue.map(\.json)) }
    }

    /// The refused changes the client settled and the app has not forgotten.
    var refusals: [RefusedChange] {
        get { (try? RefusedChange.list(refusedChanges.flatMap { try? JSONSerialization.jsonObject(with: $0) })) ?? [] }
        set { refusedChanges = newValue.isEmpty ? nil : try? JSONSerialization.data(withJSONObject: newValue.map(\.json)) }
    }

    /// The server token the client last pulled.
    var pulled: DefaultHistoryToken? {
        get { pulledStore.flatMap { store in pulledValue.map { DefaultHistoryToken(storeIdentifier: store, tokenValue: $0) } } }
        set {
            pulledStore = newValue?.storeIdentifier
            pulledValue = newValue?.tokenValue
        }
    }
}
