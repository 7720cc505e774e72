import Foundation
import Hummingbird

/// The request context of both services: dates travel as ISO 8601 text.
public struct ServerRequestContext: RequestContext {
    /// Hummingbird's per-request state.
    public var coreContext: CoreRequestContextStorage

    /// A context for one request.
    public init(source: Source) {
        coreContext = .init(source: source)
    }

    /// Reads JSON bodies, dates as ISO 8601.
    public var requestDecoder: JSONDecoder { Self.decoder }

    /// Writes JSON bodies, dates as ISO 8601.
    public var responseEncoder: JSONEncoder { Self.encoder }

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()
}
