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

    /// A host name, an IP address (IPv6 without brackets), or an absolute Unix-socket directory.
    public let host: String
    /// The TCP port, or the socket file's number for a Unix-socket directory.
    public let port: Int
    /// The role to log in as.
    public let user: String
    /// The role's password, when the server asks for one.
    public let password: String?
    /// The database; `nil` means the server's default, a database named after ``user``.
    public let database: String?
    /// How TLS is used; see the type's discussion for the default.
    public let sslMode: SSLMode
    /// How many seconds to wait for a connection (libpq's `connect_timeout`); `nil` waits indefinitely.
    public let connectTimeout: Int?
    /// The name the server shows for this client (`pg_stat_activity.application_name`).
    public let applicationName: String?
    /// The file of certificate authorities that `verify-ca`/`verify-full` trust (libpq's
    /// `sslrootcert`); `nil` uses libpq's default, `~/.postgresql/root.crt`.
    public let sslRootCertificate: String?

    /// Settings from components.
    ///
    /// - Parameter sslMode: `nil` chooses by host: ``SSLMode/prefer`` for loopback and Unix
    ///   sockets, ``SSLMode/verifyFull`` otherwise.
    /// - Throws: ``PostgresError/Kind/invalidConfiguration`` for an empty host or user, a port
    ///   outside 1…65535, a negative timeout, or any value holding NUL.
    public init(
        host: String, port: Int = 5432, user: String, password: String? = nil, database: String? = nil,
        sslMode: SSLMode? = nil, connectTimeout: Int? = nil, applicationName: String? = nil, sslRootCertificate: String? = nil
    ) throws {
        guard !host.isEmpty else { throw Self.invalid("a host is required") }
        guard !user.isEmpty else { throw Self.invalid("a user is required") }
        guard (1...65_535).contains(port) else { throw Self.invalid("the port \(port) is not in 1…65535") }
        guard connectTimeout.map({ $0 >= 0 }) ?? true else { throw Self.invalid("connect_timeout cannot be negative") }
        let values = [host, user, password, database, applicationName, sslRootCertificate].compactMap { $0 }
        guard !values.contains(where: { $0.utf8.contains(0) }) else { throw Self.invalid("a setting cannot hold NUL") }
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode ?? (Self.isLocal(host) ? .prefer : .verifyFull)
        self.connectTimeout = connectTimeout
        self.applicationName = applicationName
        self.sslRootCertificate = sslRootCertificate
    }

    /// The libpq connection string: `keyword='value'` pairs, every value quoted with `\` and `'`
    /// escaped, so no value can add a keyword
    /// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING-KEYWORD-VALUE>).
    public var conninfo: String {
        var pairs: [(String, String)] = [("host", host), ("port", String(port)), ("user", user)]
        if let password { pairs.append(("password", password)) }
        if let database { pairs.append(("dbname", database)) }
        pairs.append(("sslmode", sslMode.rawValue))
        if let sslRootCertificate { pairs.append(("sslrootcert", sslRootCertificate)) }
        if let connectTimeout { pairs.append(("connect_timeout", String(connectTimeout))) }
        if let applicationName { pairs.append(("application_name", applicationName)) }
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
        let address = host.contains(":") ? "[\(host)]" : encoded(host)
        var text = "postgres://\(credentials)@\(address):\(port)/\(database.map(encoded) ?? "")?sslmode=\(sslMode.rawValue)"
        if let connectTimeout { text += "&connect_timeout=\(connectTimeout)" }
        if let applicationName { text += "&application_name=\(encoded(applicationName))" }
        if let sslRootCertificate { text += "&sslrootcert=\(encoded(sslRootCertificate))" }
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
