import Foundation
import StrataCore
import StrataSync

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reaches a replication server over HTTP with Foundation's `URLSession`, by the endpoints
/// ``ReplicationHTTP`` names.
///
/// ```swift
/// let transport = HTTPReplicationTransport(server: URL(string: "https://api.example.com")!,
///                                          headers: ["Authorization": "Bearer \(token)"])
/// let client = try ReplicationClient(container: container, models: [Item.self], name: deviceID, transport: transport)
/// ```
///
/// A refusal the server answers as a ``ReplicationError`` is thrown as that error (a 410 as
/// `resyncRequired`, which ``ReplicationClient`` answers with a snapshot); anything else that
/// goes wrong — no connection, a timeout, an answer that is not the protocol's — is thrown as
/// ``ReplicationError/Kind/transport`` naming the cause.
public struct HTTPReplicationTransport: ReplicationTransport {
    /// The server's base URL; the endpoints are below it (`{server}/replication/changes`).
    public let server: URL
    /// Headers sent with every request, such as `Authorization`.
    public let headers: [String: String]
    /// How long a request may wait for the server before it fails as `.transport`.
    public let timeout: Duration

    /// A transport to the server at `server`, sending `headers` with each request.
    public init(server: URL, headers: [String: String] = [:], timeout: Duration = .seconds(60)) {
        self.server = server
        self.headers = headers
        self.timeout = timeout
    }

    /// `GET {server}/replication/changes`.
    /// - Throws: ``ReplicationError`` as the server answered it, or `.transport`.
    public func pull(since: DefaultHistoryToken?, client: String, schema: String) async throws -> ChangePage {
        var parameters = [(ReplicationHTTP.Parameter.client, client), (ReplicationHTTP.Parameter.schema, schema)]
        if let since { parameters.insert((ReplicationHTTP.Parameter.since, ReplicationWire.text(since)), at: 0) }
        var request = request(ReplicationHTTP.changesPath, query: parameters)
        request.httpMethod = "GET"
        let body = try await send(request)
        do {
            return try ChangePage(jsonData: body)
        } catch let error as ReplicationError {
            throw ReplicationError(.transport, "the server's answer to a pull is not a change page (\(error.message))")
        }
    }

    /// `POST {server}/replication/batches` with the batch as JSON.
    /// - Throws: ``ReplicationError`` as the server answered it, or `.transport`.
    public func push(_ batch: PushBatch) async throws -> PushResult {
        var request = request(ReplicationHTTP.batchesPath, query: [])
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try batch.jsonData()
        let body = try await send(request)
        do {
            return try PushResult(jsonData: body)
        } catch let error as ReplicationError {
            throw ReplicationError(.transport, "the server's answer to a push is not a push result (\(error.message))")
        }
    }

    /// A request for `path` below ``server`` with `query`, each value percent-encoded, so a
    /// client name with `&`, `+` or spaces arrives as it is.
    private func request(_ path: [String], query: [(String, String)]) -> URLRequest {
        var url = server
        for component in path { url.appendPathComponent(component) }
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.percentEncodedQuery = query.map { "\($0)=\(Self.percentEncoded($1))" }.joined(separator: "&")
            url = components.url ?? url
        }
        var request = URLRequest(url: url)
        request.timeoutInterval = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    /// Sends `request` and returns the body of a 2xx answer.
    /// - Throws: the ``ReplicationError`` a failure answer carries, or `.transport`;
    ///   `CancellationError` when the task was cancelled meanwhile.
    private func send(_ request: URLRequest) async throws -> Data {
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            // A cancelled sync ends as cancelled, not as a network failure to report and retry.
            if Task.isCancelled { throw CancellationError() }
            throw ReplicationError(.transport, "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "") failed: \(error.localizedDescription)")
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else {
            throw ReplicationError(.transport, "\(request.url?.absoluteString ?? "") did not answer over HTTP")
        }
        guard (200..<300).contains(status) else { throw ReplicationError(httpStatus: status, body: data) }
        return data
    }

    /// `text` with every character but the unreserved ones (RFC 3986) percent-encoded.
    private static func percentEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
