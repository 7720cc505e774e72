import Foundation
import Hummingbird

/// An error response in the OpenAPI style, `{"error": {"code": "…", "message": "…"}}`, with its
/// HTTP status. ``ErrorMiddleware`` turns every failure a route meets into one of these.
public struct APIError: HTTPResponseError, Equatable {
    /// The HTTP status sent.
    public var status: HTTPResponse.Status
    /// A stable, machine-readable code (`notFound`, `uniqueViolation`, `badRequest`, …).
    public var code: String
    /// A sentence for people; never carries SQL or bound values.
    public var message: String
    /// Headers sent with it, such as `Allow` with a 405.
    public var headers: HTTPFields

    /// An error with every field given.
    public init(status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The JSON body's shape.
    public struct Body: Codable, Equatable, Sendable {
        /// The body's one member.
        public var error: Detail
        /// The code and message of an error.
        public struct Detail: Codable, Equatable, Sendable {
            /// ``APIError/code``.
            public var code: String
            /// ``APIError/message``.
            public var message: String

            /// A detail with both fields given.
            public init(code: String, message: String) {
                self.code = code
                self.message = message
            }
        }

        /// A body holding `error`.
        public init(error: Detail) {
            self.error = error
        }
    }

    /// 404 for a resource the request names that does not exist, such as `"item 7"`.
    public static func notFound(_ what: String) -> APIError {
        APIError(status: .notFound, code: "notFound", message: "\(what) does not exist")
    }

    /// 400 for a request the service cannot accept as written.
    public static func badRequest(_ message: String) -> APIError {
        APIError(status: .badRequest, code: "badRequest", message: message)
    }

    /// 409 for a value another resource already has.
    public static func uniqueViolation(_ message: String) -> APIError {
        APIError(status: .conflict, code: "uniqueViolation", message: message)
    }

    /// 500 with no detail: the log has it.
    public static let `internal` = APIError(status: .internalServerError, code: "internal", message: "the server failed to handle the request")

    /// The JSON response.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let body = try JSONEncoder().encode(Body(error: .init(code: code, message: message)))
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
