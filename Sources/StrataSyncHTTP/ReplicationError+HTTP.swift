import Foundation
import StrataSync

extension ReplicationError {
    /// The error a server's failure answer carries: the ``ReplicationError`` its body holds, or,
    /// when the body is not one (a proxy's page, an empty body, another service's JSON),
    /// ``Kind/transport`` naming the status and the start of the body.
    ///
    /// ```swift
    /// throw ReplicationError(httpStatus: 410, body: data)   // .resyncRequired when the body says so
    /// ```
    public init(httpStatus status: Int, body: Data) {
        if let object = try? JSONSerialization.jsonObject(with: body), let error = ReplicationError(json: object) {
            self = error
            return
        }
        let text = String(decoding: body.prefix(200), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(.transport, "the server answered HTTP \(status)" + (text.isEmpty ? " with an empty body" : ": \(text)"))
    }
}
