import Foundation

extension PostgresConnectionSettings {
    /// The query parameters ``init(url:)`` accepts.
    static let urlParameters = ["application_name", "connect_timeout", "dbname", "host", "password", "port", "sslmode", "sslrootcert", "user"]

    /// Parses a `postgres://` or `postgresql://` URL.
    ///
    /// ```swift
    /// try PostgresConnectionSettings(url: "postgresql://app:p%40ss@[::1]:6432/shop?sslmode=require&connect_timeout=5")
    /// try PostgresConnectionSettings(url: "postgres://app@%2Fvar%2Frun%2Fpostgresql/shop")   // a Unix-socket directory
    /// ```
    ///
    /// The form is `postgres://user[:password]@host[:port][/database][?parameter=value&…]`, each
    /// part percent-decoded; an IPv6 host goes in brackets. Parameters: `sslmode`, `sslrootcert`,
    /// `connect_timeout`, `application_name`, and `host`, `port`, `user`, `password`, `dbname`
    /// overriding the URL's parts (`?host=/var/run/postgresql` names a socket directory).
    /// The port defaults to 5432; `sslmode` defaults as in
    /// ``init(host:port:user:password:database:sslMode:connectTimeout:applicationName:sslRootCertificate:)``.
    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` for another scheme, a missing host or
    ///   user, several hosts, a bad port, timeout or percent-encoding, an unknown parameter, or an
    ///   unknown `sslmode` value.
    public init(url: String) throws {
        guard let scheme = ["postgres://", "postgresql://"].first(where: { url.lowercased().hasPrefix($0) }) else {
            throw Self.invalid("a PostgreSQL URL starts with postgres:// or postgresql://")
        }
        var rest = url.dropFirst(scheme.count)
        guard !rest.contains("#") else { throw Self.invalid("a PostgreSQL URL has no #fragment") }
        var parameters: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            parameters = try Self.parameters(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var userInfo: Substring = ""
        if let at = rest.lastIndex(of: "@") {
            userInfo = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        let (host, port) = try Self.hostAndPort(rest)
        let user = try Self.decoded(userInfo.prefix { $0 != ":" }, "user")
        let password = try userInfo.firstIndex(of: ":").map { try Self.decoded(userInfo[userInfo.index(after: $0)...], "password") }
        let sslMode = try parameters["sslmode"].map { value in
            guard let mode = SSLMode(rawValue: value) else {
                let known = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw Self.invalid("unknown sslmode '\(value)'; use one of \(known)")
            }
            return mode
        }
        let database = try parameters["dbname"] ?? Self.decoded(path, "database")
        try self.init(
            host: parameters["host"] ?? host, port: try parameters["port"].map { try Self.number($0, "port") } ?? port,
            user: parameters["user"] ?? user, password: parameters["password"] ?? password,
            database: database.isEmpty ? nil : database, sslMode: sslMode,
            connectTimeout: try parameters["connect_timeout"].map { try Self.number($0, "connect_timeout") },
            applicationName: parameters["application_name"], sslRootCertificate: parameters["sslrootcert"])
    }

    /// The host (brackets removed from IPv6) and port (5432 when absent) of a URL's `host[:port]`.
    private static func hostAndPort(_ text: Substring) throws -> (String, Int) {
        var hostText = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw invalid("an IPv6 host is missing its closing ]") }
            hostText = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { throw invalid("unexpected text after the IPv6 host") }
            portText = after.isEmpty ? nil : after.dropFirst()
        } else if let colon = text.lastIndex(of: ":") {
            hostText = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !hostText.contains(",") else { throw invalid("several hosts in one URL are not supported") }
        return (try decoded(hostText, "host"), try portText.map { try number(String($0), "port") } ?? 5432)
    }

    /// The decoded `name=value` pairs of a URL's query; a name must be one of ``urlParameters``.
    private static func parameters(_ query: Substring) throws -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let name = try decoded(pair.prefix { $0 != "=" }, "parameter name")
            guard urlParameters.contains(name) else {
                throw invalid("unsupported URL parameter '\(name)'; supported: \(urlParameters.joined(separator: ", "))")
            }
            parameters[name] = try decoded(pair.drop { $0 != "=" }.dropFirst(), name)
        }
        return parameters
    }

    private static func decoded(_ text: Substring, _ part: String) throws -> String {
        guard let decoded = text.removingPercentEncoding else { throw invalid("the \(part) has malformed percent-encoding") }
        return decoded
    }

    private static func number(_ text: String, _ part: String) throws -> Int {
        guard let number = Int(text), number >= 0 else { throw invalid("the \(part) '\(text)' is not a non-negative number") }
        return number
    }
}
