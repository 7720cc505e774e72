import Foundation

extension PostgresConnectionSettings {
    /// The query parameters ``init(url:)`` accepts.
    static let urlParameters = [
        "application_name", "connect_timeout", "dbname", "host", "keepalives", "keepalives_count", "keepalives_idle",
        "keepalives_interval", "options", "password", "port", "sslmode", "sslrootcert", "statement_timeout", "target_session_attrs",
        "tcp_user_timeout", "user",
    ]

    /// Parses a `postgres://` or `postgresql://` URL.
    ///
    /// ```swift
    /// try PostgresConnectionSettings(url: "postgresql://app:p%40ss@[::1]:6432/shop?sslmode=require&connect_timeout=5")
    /// try PostgresConnectionSettings(url: "postgres://app@%2Fvar%2Frun%2Fpostgresql/shop")   // a Unix-socket directory
    /// try PostgresConnectionSettings(url: "postgres://app@db1:5432,db2:5433/shop?target_session_attrs=read-write")
    /// ```
    ///
    /// The form is `postgres://user[:password]@host[:port][,host[:port]…][/database][?parameter=value&…]`,
    /// each part percent-decoded; an IPv6 host goes in brackets; several hosts are tried in order.
    /// Parameters: `sslmode`, `sslrootcert`, `connect_timeout` (seconds per server address, 0 for
    /// none), `application_name`, `target_session_attrs`, `statement_timeout` (milliseconds),
    /// `options` (libpq's, such as `-c lock_timeout=2s`), `keepalives` (0 or 1), `keepalives_idle`
    /// and `keepalives_interval` (seconds), `keepalives_count`, `tcp_user_timeout` (milliseconds),
    /// and `host`, `port`, `user`, `password`,
    /// `dbname` overriding the URL's parts (`?host=/var/run/postgresql` names a socket directory;
    /// `host` and `port` take comma-separated lists).
    /// The port defaults to 5432; `sslmode` defaults as in
    /// ``init(endpoints:user:password:database:sslMode:connectTimeout:applicationName:sslRootCertificate:targetSessionAttributes:statementTimeout:options:)``.
    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` for another scheme, a missing host or
    ///   user, a bad port, timeout or percent-encoding, an unknown parameter, or an unknown
    ///   `sslmode` or `target_session_attrs` value.
    public init(url: String) throws {
        let (settings, extra) = try Self.parse(url: url, accepting: [])
        assert(extra.isEmpty)
        self = settings
    }

    /// Parses a URL as ``init(url:)`` does, also accepting the query parameters named in
    /// `accepting`, whose decoded values it returns for the caller to interpret.
    static func parse(url: String, accepting: Set<String>) throws -> (PostgresConnectionSettings, [String: String]) {
        guard let scheme = ["postgres://", "postgresql://"].first(where: { url.lowercased().hasPrefix($0) }) else {
            throw Self.invalid("a PostgreSQL URL starts with postgres:// or postgresql://")
        }
        var rest = url.dropFirst(scheme.count)
        guard !rest.contains("#") else { throw Self.invalid("a PostgreSQL URL has no #fragment") }
        var parameters: [String: String] = [:]
        if let mark = rest.firstIndex(of: "?") {
            parameters = try Self.parameters(rest[rest.index(after: mark)...], accepting: accepting)
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
        var endpoints = try rest.split(separator: ",", omittingEmptySubsequences: false).map(Self.endpoint)
        let user = try Self.decoded(userInfo.prefix { $0 != ":" }, "user")
        let password = try userInfo.firstIndex(of: ":").map { try Self.decoded(userInfo[userInfo.index(after: $0)...], "password") }
        let sslMode = try parameters["sslmode"].map { try Self.choice($0, SSLMode.self, "sslmode") }
        let target = try parameters["target_session_attrs"].map { try Self.choice($0, TargetSessionAttributes.self, "target_session_attrs") }
        if let hosts = parameters["host"] {
            let port = endpoints.count == 1 ? endpoints[0].port : 5432
            endpoints = hosts.split(separator: ",", omittingEmptySubsequences: false).map { Endpoint(host: String($0), port: port) }
        }
        if let ports = try parameters["port"]?.split(separator: ",", omittingEmptySubsequences: false).map({ try Self.number(String($0), "port") }) {
            guard ports.count == 1 || ports.count == endpoints.count else {
                throw Self.invalid("\(ports.count) ports for \(endpoints.count) hosts; give one port, or one per host")
            }
            endpoints = endpoints.indices.map { Endpoint(host: endpoints[$0].host, port: ports[ports.count == 1 ? 0 : $0]) }
        }
        let database = try parameters["dbname"] ?? Self.decoded(path, "database")
        let connectTimeout = try parameters["connect_timeout"].map { try Self.number($0, "connect_timeout") } ?? defaultConnectTimeout
        var settings = try PostgresConnectionSettings(
            endpoints: endpoints, user: parameters["user"] ?? user, password: parameters["password"] ?? password,
            database: database.isEmpty ? nil : database, sslMode: sslMode, connectTimeout: connectTimeout == 0 ? nil : connectTimeout,
            applicationName: parameters["application_name"], sslRootCertificate: parameters["sslrootcert"],
            targetSessionAttributes: target,
            statementTimeout: try parameters["statement_timeout"].map { .milliseconds(try Self.number($0, "statement_timeout")) },
            options: parameters["options"])
        settings.keepalives = try Self.keepalives(parameters)
        settings.tcpUserTimeout = try parameters["tcp_user_timeout"].map { .milliseconds(try Self.number($0, "tcp_user_timeout")) }
        return (settings, parameters.filter { accepting.contains($0.key) })
    }

    /// The `keepalives*` parameters of a URL.
    private static func keepalives(_ parameters: [String: String]) throws -> Keepalives {
        let enabled = try parameters["keepalives"].map { value in
            guard value == "0" || value == "1" else { throw invalid("keepalives '\(value)' is not 0 or 1") }
            return value == "1"
        }
        return Keepalives(
            enabled: enabled ?? true, idle: try parameters["keepalives_idle"].map { try number($0, "keepalives_idle") },
            interval: try parameters["keepalives_interval"].map { try number($0, "keepalives_interval") },
            count: try parameters["keepalives_count"].map { try number($0, "keepalives_count") })
    }

    /// A value of one of `Choice`'s raw values, or an error that lists them.
    private static func choice<Choice: RawRepresentable & CaseIterable>(_ value: String, _: Choice.Type, _ name: String) throws -> Choice
    where Choice.RawValue == String {
        guard let choice = Choice(rawValue: value) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw invalid("unknown \(name) '\(value)'; use one of \(known)")
        }
        return choice
    }

    /// The host (brackets removed from IPv6) and port (5432 when absent) of a URL's `host[:port]`.
    private static func endpoint(_ text: Substring) throws -> Endpoint {
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
        return Endpoint(host: try decoded(hostText, "host"), port: try portText.map { try number(String($0), "port") } ?? 5432)
    }

    /// The decoded `name=value` pairs of a URL's query; a name must be one of ``urlParameters``
    /// or of `accepting`.
    private static func parameters(_ query: Substring, accepting: Set<String>) throws -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let name = try decoded(pair.prefix { $0 != "=" }, "parameter name")
            guard urlParameters.contains(name) || accepting.contains(name) else {
                let supported = (urlParameters + accepting.sorted()).joined(separator: ", ")
                throw invalid("unsupported URL parameter '\(name)'; supported: \(supported)")
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
