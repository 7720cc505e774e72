import Hummingbird
import Logging
import NIOCore

/// Turns every error a route throws into an ``APIError`` response: ``APIError``s as they are,
/// Hummingbird's own errors (`HTTPResponseError`s, such as a body over the upload limit) with
/// their status, the data layer's errors through `mapping`, and anything else into a 500.
/// Server-side failures are logged with their full description; the client sees only the code
/// and a safe message.
public struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The data layer's part: the response for one of its errors, or `nil` for an unknown error.
    let mapping: @Sendable (any Error) -> APIError?

    /// A middleware mapping data-layer errors with `mapping`.
    public init(mapping: @escaping @Sendable (any Error) -> APIError?) {
        self.mapping = mapping
    }

    /// Runs the rest of the chain and answers its error, if any.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError = switch error {
            case let error as APIError: error
            case is NIOTooManyBytesError: APIError.contentTooLarge(limit: context.maxUploadSize)
            case let error as any HTTPResponseError: APIError(error)
            default: mapping(error) ?? .internal
            }
            if apiError.status.kind == .serverError {
                context.logger.error("\(request.method) \(request.uri.path) failed: \(String(describing: error))")
            }
            return try apiError.response(from: request, context: context)
        }
    }
}
