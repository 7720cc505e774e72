import Foundation
import Hummingbird
import NIOCore
import StrataSync
import StrataSyncHTTP

extension Response {
    /// A JSON answer of the replication protocol.
    static func replicationJSON(_ data: Data, status: Int) -> Response {
        Response(
            status: HTTPResponse.Status(code: status), headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `error` as the protocol answers it: its ``ReplicationError/json`` with the status of its kind.
    static func replication(_ error: ReplicationError) -> Response {
        // Strings, and refused changes of strings and JSON scalars: it always serializes.
        let data = (try? JSONSerialization.data(withJSONObject: error.json)) ?? Data()
        return replicationJSON(data, status: ReplicationHTTP.status(of: error.kind))
    }
}
