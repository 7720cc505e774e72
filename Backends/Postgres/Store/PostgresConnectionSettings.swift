import Foundation

/// Where and how to connect to a PostgreSQL server, validated, with a safe TLS default.
///
/// Build it from a URL or from components:
///
/// ```swift
/// let settings = try PostgresConnectionSettings(url: "postgres://app:s%40cret@db.example.com/shop")
/// settings.sslMode       // .verifyFull: the host is not a loopback address
/// print(settings)        // postgres://app:***@db.example.com:5432/shop?sslmode=verify-full
/// ```
///
/// Unless an `sslmode` is given, a loopback host (`localhost`, 127.0.0.0/8, `::1`) or a Unix-socket
/// directory gets ``SSLMode/prefer`` and any other host ``SSLMode/verifyFull``, so a remote
/// connection never falls back to plain text or trusts an unverified certificate.
/// See <https://www.postgresql.org/docs/current/libpq-ssl.html#LIBPQ-SSL-PROTECTION>.
public struct PostgresConnectionSettings: Hashable, Sendable, CustomStringConvertible {
    /// libpq's `sslmode`: whether TLS is used and how the server's certificate is checked.
    public enum SSLMode: String, Hashable, Sendable, CaseIterable {
        case disable, allow, prefer, require
        case verifyCA = "verify-ca"
        case verifyFull = "verify-full"
    }

    /// One server address: a host name, an IP address (IPv6 without brackets) or an absolute
    /// Unix-socket directory, and its TCP port (or the socket file's number).
    public struct Endpoint: Hashable, Sendable, CustomStringConvertible {
        /// The host name, IP address or socket directory.
        public let host: String
        /// The TCP port, or the socket file's number for a Unix-socket directory.
        public let port: Int

        /// An address; the port defaults to 5432.
        public init(host: String, port: Int = 5432) {
            self.host = host
            self.port = port
        }

        /// `host:port`, an IPv6 host in brackets.
        public var description: String { (host.contains(":") ? "[\(host)]" : host) + ":\(port)" }
    }

    /// libpq's `target_session_attrs`: which of several hosts a connection accepts
    /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNECT-TARGET-SESSION-ATTRS>).
    public enum TargetSessionAttributes: String, Hashable, Sendable, CaseIterable {
        case any
        case readWrite = "read-write"
        case readOnly = "read-only"
        case primary, standby
        case preferStandby = "prefer-standby"
    }

    /// TCP keepalive probes on a connection's socket (libpq's `keepalives*` parameters): they
    /// find a server host that vanished (powered off, cut off by the network) while the
    /// connection is idle or waiting, which nothing else would notice. Unset values keep the
    /// system's (Linux: first probe after 2 hours).
    public struct Keepalives: Hashable, Sendable {
        /// Whether probes are sent at all (`keepalives`); libpq's default is on.
        public var enabled: Bool
        /// Seconds of silence before the first probe (`keepalives_idle`).
        public var idle: Int?
        /// Seconds between probes that go unanswered (`keepalives_interval`).
        public var interval: Int?
        /// Unanswered probes before the connection counts as dead (`keepalives_count`).
        public var count: Int?

        /// Keepalives as given; by default on, with the system's timings.
        public init(enabled: Bool = true, idle: Int? = nil, interval: Int? = nil, count: Int? = nil) {
            self.enabled = enabled
            self.idle = idle
            self.interval = interval
            self.count = count
        }

        /// The libpq keywords and values that differ from libpq's defaults.
        var conninfoPairs: [(String, String)] {
            (enabled ? [] : [("keepalives", "0")]) + [("keepalives_idle", idle), ("keepalives_interval", interval), ("keepalives_count", count)]
                .compactMap { key, value in value.map { (key, String($0)) } }
        }
    }

    /// The connect timeout used unless one is given: 10 seconds.
    public static let defaultConnectTimeout = 10

    /// The servers to try, in order (libpq's multi-host failover); at least one.
    public let endpoints: [Endpoint]
    /// The first server's host name, IP address or Unix-socket directory.
    public var host: String { endpoints[0].host }
    /// The first server's TCP port.
    public var port: Int { endpoints[0].port }
    /// The role to log in as.
    public let user: String
    /// The role's password, when the server asks for one.
    public let password: String?
    /// The database; `nil` means the server's default, a database named after ``user``.
    public let database: String?
    /// How TLS is used; see the type's discussion for the default.
    public let sslMode: SSLMode
    /// How many seconds to wait for each server address to answer (libpq's `connect_timeout`),
    /// TLS negotiation and its plain-text fallback included; `nil` waits indefinitely.
    /// Defaults to ``defaultConnectTimeout``.
    public let connectTimeout: Int?
    /// The name the server shows for this client (`pg_stat_activity.application_name`).
    public let applicationName: String?
    /// The file of certificate authorities that `verify-ca`/`verify-full` trust (libpq's
    /// `sslrootcert`); `nil` uses libpq's default, `~/.postgresql/root.crt`.
    public let sslRootCertificate: String?
    /// Which server of ``endpoints`` a connection accepts; `nil` is libpq's default, any.
    public let targetSessionAttributes: TargetSessionAttributes?
    /// The longest one statement may run before the server cancels it (`statement_timeout`,
    /// sent in the connection's startup options); `nil` leaves the server's setting.
    public let statementTimeout: Duration?
    /// More server settings for every connection, in libpq's `options` form
    /// (`-c lock_timeout=2s -c work_mem=64MB`), sent when the connection starts.
    public let options: String?
    /// TCP keepalive probes on each connection; see ``Keepalives``.
    public var keepalives = Keepalives()
    /// How long data sent to the server may go unacknowledged before the connection is dropped
    /// (libpq's `tcp_user_timeout`, whole milliseconds; Linux only); `nil` keeps the system's.
    /// It bounds a send to a server that stopped reading, which
    /// ``PostgresConfiguration/responseTimeout`` (a wait for an answer) does not cover.
    public var tcpUserTimeout: Duration?

    /// Settings from components, for one server.
    ///
    /// - Parameter sslMode: `nil` chooses by host: ``SSLMode/prefer`` for loopback and Unix
    ///   sockets, ``SSLMode/verifyFull`` otherwise.
    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` for an empty host or user, a port
    ///   outside 1…65535, a negative timeout, or any value holding NUL.
    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String? = nil,
        sslMode: SSLMode? = nil, connectTimeout: Int? = defaultConnectTimeout, applicationName: String? = nil,
        sslRootCertificate: String? = nil, statementTimeout: Duration? = nil, options: String? = nil
    ) throws {
        try self.init(
            endpoints: [Endpoint(host: host, port: port)], user: user, password: password, database: database, sslMode: sslMode,
            connectTimeout: connectTimeout, applicationName: applicationName, sslRootCertificate: sslRootCertificate,
            statementTimeout: statementTimeout, options: options)
    }

    /// Settings from components, for several servers tried in order (libpq's failover):
    /// `targetSessionAttributes: .readWrite` connects to whichever of them accepts writes.
    ///
    /// - Parameter sslMode: `nil` chooses by host: ``SSLMode/prefer`` when every host is loopback
    ///   or a Unix socket, ``SSLMode/verifyFull`` otherwise.
    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` for no endpoint, an empty host or
    ///   user, a host holding a comma, a port outside 1…65535, a negative timeout, or any value
    ///   holding NUL.
    public init(
        endpoints: [Endpoint], user: String, password: String? = nil, database: String? = nil, sslMode: SSLMode? = nil,
        connectTimeout: Int? = defaultConnectTimeout, applicationName: String? = nil, sslRootCertificate: String? = nil,
        targetSessionAttributes: TargetSessionAttributes? = nil, statementTimeout: Duration? = nil, options: String? = nil
    ) throws {
        guard !endpoints.isEmpty else { throw Self.invalid("a host is required") }
        for endpoint in endpoints {
            guard !endpoint.host.isEmpty else { throw Self.invalid("a host is required") }
            guard !endpoint.host.contains(",") else { throw Self.invalid("a host cannot hold a comma") }
            guard (1...65_535).contains(endpoint.port) else { throw Self.invalid("the port \(endpoint.port) is not in 1…65535") }
        }
        guard !user.isEmpty else { throw Self.invalid("a user is required") }
        guard connectTimeout.map({ $0 >= 0 }) ?? true else { throw Self.invalid("connect_timeout cannot be negative") }
        guard statementTimeout.map({ $0 >= .zero }) ?? true else { throw Self.invalid("statement_timeout cannot be negative") }
        let values = endpoints.map(\.host) + [user, password, database, applicationName, sslRootCertificate, options].compactMap { $0 }
        guard !values.contains(where: { $0.utf8.contains(0) }) else { throw Self.invalid("a setting cannot hold NUL") }
        self.endpoints = endpoints
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode ?? (endpoints.allSatisfy { Self.isLocal($0.host) } ? .prefer : .verifyFull)
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
        self.sslRootCertificate = sslRootCertificate
        self.targetSessionAttributes = targetSessionAttributes
        self.statementTimeout = statementTimeout
        self.options = options
    }

    /// The same settings for other servers, with no `target_session_attrs` (a read replica's).
    /// - Throws: as ``init(endpoints:user:password:database:sslMode:connectTimeout:applicationName:sslRootCertificate:targetSessionAttributes:statementTimeout:options:)``.
    public func with(endpoints: [Endpoint]) throws -> PostgresConnectionSettings {
        var settings = try PostgresConnectionSettings(
            endpoints: endpoints, user: user, password: password, database: database, sslMode: sslMode, connectTimeout: connectTimeout,
            applicationName: applicationName, sslRootCertificate: sslRootCertificate, statementTimeout: statementTimeout, options: options)
        settings.keepalives = keepalives
        settings.tcpUserTimeout = tcpUserTimeout
        return settings
    }

    /// The startup options libpq sends: `statement_timeout` in milliseconds, then ``options``.
    var startupOptions: String? {
        let timeout = statementTimeout.map { "-c statement_timeout=\($0.inMilliseconds)" }
        let all = [timeout, options].compactMap { $0 }
        return all.isEmpty ? nil : all.joined(separator: " ")
    }

    /// The libpq connection string: `keyword='value'` pairs, every value quoted with `\` and `'`
    /// escaped, so no value can add a keyword
    /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-KEYWORD-VALUE>).
    /// Several servers become libpq's comma-separated `host` and `port` lists.
    public var conninfo: String {
        var pairs: [(String, String)] = [
            ("host", endpoints.map(\.host).joined(separator: ",")), ("port", endpoints.map { String($0.port) }.joined(separator: ",")),
            ("user", user),
        ]
        if let password { pairs.append(("password", password)) }
        if let database { pairs.append(("dbname", database)) }
        pairs.append(("sslmode", sslMode.rawValue))
        if let sslRootCertificate { pairs.append(("sslrootcert", sslRootCertificate)) }
        if let connectTimeout { pairs.append(("connect_timeout", String(connectTimeout))) }
        if let applicationName { pairs.append(("application_name", applicationName)) }
        if let targetSessionAttributes { pairs.append(("target_session_attrs", targetSessionAttributes.rawValue)) }
        if let startupOptions { pairs.append(("options", startupOptions)) }
        pairs += keepalives.conninfoPairs
        if let tcpUserTimeout { pairs.append(("tcp_user_timeout", String(tcpUserTimeout.inMilliseconds))) }
        return pairs.map { key, value in
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
            return "\(key)='\(escaped)'"
        }.joined(separator: " ")
    }

    /// The settings as a `postgres://` URL with the password replaced by `***`.
    public var description: String {
        func encoded(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? text
        }
        let credentials = encoded(user) + (password == nil ? "" : ":***")
        let addresses = endpoints.map { $0.host.contains(":") ? "[\($0.host)]:\($0.port)" : "\(encoded($0.host)):\($0.port)" }
        var text = "postgres://\(credentials)@\(addresses.joined(separator: ","))/\(database.map(encoded) ?? "")?sslmode=\(sslMode.rawValue)"
        if connectTimeout != Self.defaultConnectTimeout { text += "&connect_timeout=\(connectTimeout ?? 0)" }
        if let applicationName { text += "&application_name=\(encoded(applicationName))" }
        if let sslRootCertificate { text += "&sslrootcert=\(encoded(sslRootCertificate))" }
        if let targetSessionAttributes { text += "&target_session_attrs=\(targetSessionAttributes.rawValue)" }
        if let statementTimeout { text += "&statement_timeout=\(statementTimeout.inMilliseconds)" }
        if let options { text += "&options=\(encoded(options))" }
        for (key, value) in keepalives.conninfoPairs { text += "&\(key)=\(value)" }
        if let tcpUserTimeout { text += "&tcp_user_timeout=\(tcpUserTimeout.inMilliseconds)" }
        return text
    }

    /// Whether `host` is a Unix-socket directory or a loopback name or address.
    static func isLocal(_ host: String) -> Bool {
        if host.hasPrefix("/") || host.hasPrefix("@") || host.lowercased() == "localhost" { return true }
        var ipv4 = in_addr()
        if inet_pton(AF_INET, host, &ipv4) == 1 {
            return withUnsafeBytes(of: ipv4) { $0[0] == 127 }
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, host, &ipv6) == 1 else { return false }
        return withUnsafeBytes(of: ipv6) { bytes in
            let loopback = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            let mappedIPv4Loopback = bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                && bytes[12] == 127
            return loopback || mappedIPv4Loopback
        }
    }

    /// RFC 3986's unreserved characters: everything else is percent-encoded in ``description``.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func invalid(_ message: String) -> PostgresError {
        PostgresError(kind: .invalidConfiguration, message: message, sql: nil)
    }
}
