import HummingbirdCore
import StrataCore
import StrataSync
import StrataSyncHTTP

/// A pull's query parameters, read and checked (``ReplicationHTTP/Parameter``).
struct PullQuery {
    /// The client's token; `nil` asks for a snapshot.
    let since: DefaultHistoryToken?
    let client: String
    let schema: String
    /// The page size the client asks for, if any.
    let limit: Int?

    /// The query `parameters` hold.
    /// - Throws: ``ReplicationError/Kind/badPayload`` naming the parameter that is missing or malformed.
    init(_ parameters: FlatDictionary<Substring, Substring>) throws {
        func required(_ name: String) throws -> String {
            guard let value = parameters[name[...]], !value.isEmpty else {
                throw ReplicationError(.badPayload, "the pull has no \"\(name)\" parameter")
            }
            return String(value)
        }
        client = try required(ReplicationHTTP.Parameter.client)
        schema = try required(ReplicationHTTP.Parameter.schema)
        since = try parameters[ReplicationHTTP.Parameter.since[...]].map { try ReplicationWire.token(text: String($0)) }
        if let text = parameters[ReplicationHTTP.Parameter.limit[...]] {
            guard let limit = Int(text), limit > 0 else {
                throw ReplicationError(.badPayload, "\"limit\" must be a positive integer, not \"\(text)\"")
            }
            self.limit = limit
        } else {
            limit = nil
        }
    }
}
