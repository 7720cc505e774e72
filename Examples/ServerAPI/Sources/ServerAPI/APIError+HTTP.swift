import Hummingbird

extension APIError {
    /// Hummingbird's own errors with their status and headers: a body that does not decode, a path
    /// parameter of the wrong type, an unknown route, a method a route does not have (405).
    public init(_ error: any HTTPResponseError) {
        let code = switch error.status {
        case .badRequest: "badRequest"
        case .notFound: "notFound"
        case .methodNotAllowed: "methodNotAllowed"
        case .contentTooLarge: "contentTooLarge"
        default: error.status.kind == .serverError ? "internal" : "httpError"
        }
        let http = error as? HTTPError
        self.init(status: error.status, code: code, message: http?.body ?? error.status.reasonPhrase, headers: http?.headers ?? [:])
    }

    /// 413 for a body over `limit` bytes, the request context's `maxUploadSize`. (The
    /// `NIOTooManyBytesError` Hummingbird throws holds what was left of the limit when the body
    /// came in several buffers, not the limit.)
    public static func contentTooLarge(limit: Int) -> APIError {
        APIError(status: .contentTooLarge, code: "contentTooLarge", message: "the request body is larger than \(limit) bytes")
    }
}
