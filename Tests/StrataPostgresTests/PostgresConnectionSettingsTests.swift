import CLibPQ
import Foundation
import Testing

@testable import StrataPostgres

/// Parsing connection URLs, the TLS default, and the conninfo string handed to libpq.
@Suite struct PostgresConnectionSettingsTests {
    @Test func fullURLIsParsedAndDecoded() throws {
        let settings = try PostgresConnectionSettings(
            url: "postgresql://app%20user:p%40ss%3Aw%2Fd@db.example.com:6543/shop%2Ddb?sslmode=require&connect_timeout=5&application_name=my%20app")
        #expect(settings.user == "app user")
        #expect(settings.password == "p@ss:w/d")
        #expect(settings.host == "db.example.com")
        #expect(settings.port == 6543)
        #expect(settings.database == "shop-db")
        #expect(settings.sslMode == .require)
        #expect(settings.connectTimeout == 5)
        #expect(settings.applicationName == "my app")
    }

    @Test func defaultsApply() throws {
        let settings = try PostgresConnectionSettings(url: "postgres://app@localhost")
        #expect(settings.port == 5432)
        #expect(settings.password == nil)
        #expect(settings.database == nil)
        #expect(settings.connectTimeout == 10, "a server that never answers must not hang the caller")
        #expect(settings.conninfo.contains("connect_timeout='10'"))
        #expect(try PostgresConnectionSettings(host: "localhost", user: "app").connectTimeout == 10)
        #expect(try PostgresConnectionSettings(url: "postgres://app@localhost?connect_timeout=0").connectTimeout == nil)
        #expect(try PostgresConnectionSettings(url: "postgres://app@localhost/").database == nil)
    }

    @Test func ipv6HostsAndSocketDirectories() throws {
        let ipv6 = try PostgresConnectionSettings(url: "postgres://app@[::1]:6000/db")
        #expect(ipv6.host == "::1")
        #expect(ipv6.port == 6000)
        #expect(try PostgresConnectionSettings(url: "postgres://app@[2001:db8::5]/db").host == "2001:db8::5")
        let socket = try PostgresConnectionSettings(url: "postgres://app@%2Fvar%2Frun%2Fpostgresql/db")
        #expect(socket.host == "/var/run/postgresql")
        #expect(socket.sslMode == .prefer)
        let query = try PostgresConnectionSettings(url: "postgres://app@ignored/db?host=/tmp/sockets&port=5433")
        #expect(query.host == "/tmp/sockets")
        #expect(query.port == 5433)
    }

    @Test(arguments: [
        ("localhost", PostgresConnectionSettings.SSLMode.prefer), ("LOCALHOST", .prefer), ("127.0.0.1", .prefer),
        ("127.8.9.10", .prefer), ("::1", .prefer), ("0:0:0:0:0:0:0:1", .prefer), ("::ffff:127.0.0.1", .prefer),
        ("/tmp", .prefer), ("db.example.com", .verifyFull), ("10.0.0.5", .verifyFull), ("128.0.0.1", .verifyFull),
        ("::2", .verifyFull), ("localhost.evil.com", .verifyFull), ("2001:db8::1", .verifyFull),
    ])
    func sslModeDefaultsByHost(host: String, expected: PostgresConnectionSettings.SSLMode) throws {
        #expect(try PostgresConnectionSettings(host: host, user: "app").sslMode == expected)
    }

    @Test func explicitSSLModeAlwaysWins() throws {
        #expect(try PostgresConnectionSettings(url: "postgres://app@db.example.com?sslmode=disable").sslMode == .disable)
        #expect(try PostgresConnectionSettings(url: "postgres://app@127.0.0.1?sslmode=verify-ca").sslMode == .verifyCA)
        #expect(try PostgresConnectionSettings(host: "localhost", user: "app", sslMode: .verifyFull).sslMode == .verifyFull)
    }

    @Test func rootCertificateForVerifyFullComesFromTheURL() throws {
        let settings = try PostgresConnectionSettings(url: "postgres://app@db.example.com/shop?sslrootcert=%2Fetc%2Fssl%2Fcorp%20ca.pem")
        #expect(settings.sslMode == .verifyFull)
        #expect(settings.sslRootCertificate == "/etc/ssl/corp ca.pem")
        #expect(settings.conninfo.contains("sslmode='verify-full' sslrootcert='/etc/ssl/corp ca.pem'"))
        #expect(try PostgresConnectionSettings(url: settings.description).sslRootCertificate == "/etc/ssl/corp ca.pem")
    }

    @Test func conninfoQuotesAndEscapesEveryValue() throws {
        let settings = try PostgresConnectionSettings(
            host: "db.example.com", port: 5433, user: "o'brien", password: #"pa\ss' host='evil"#, database: "my db",
            sslMode: .require, connectTimeout: 3, applicationName: "app")
        #expect(
            settings.conninfo
                == #"host='db.example.com' port='5433' user='o\'brien' password='pa\\ss\' host=\'evil' dbname='my db' sslmode='require' connect_timeout='3' application_name='app'"#
        )
    }

    @Test func descriptionRedactsThePassword() throws {
        let settings = try PostgresConnectionSettings(url: "postgres://app:hunter2@[::1]:5433/db?application_name=a%20b")
        #expect(!settings.description.contains("hunter2"))
        #expect(settings.description == "postgres://app:***@[::1]:5433/db?sslmode=prefer&application_name=a%20b")
        #expect(try PostgresConnectionSettings(url: "postgres://app@h/db").description == "postgres://app@h:5432/db?sslmode=verify-full")
    }

    @Test(arguments: [
        "mysql://app@host/db", "postgres://host/db", "postgres://app@/db", "postgres://app@host:99999/db",
        "postgres://app@host:port/db", "postgres://app@host/db?sslmode=sometimes", "postgres://app@host/db?sslmode=",
        "postgres://app@host/db?bogus=1", "postgres://app@host/db?connect_timeout=-1", "postgres://app@[::1/db",
        "postgres://app@[::1]x/db", "postgres://app@h1,/db", "postgres://app@host/d%ZZb",
        "postgres://app@h1,h2/db?port=1,2,3", "postgres://app@host/db?target_session_attrs=writable",
        "postgres://app@host/db?statement_timeout=soon", "postgres://app@host/db#frag",
        "postgres://app%00x@host/db", "postgres://app@host/db?keepalives=yes", "postgres://app@host/db?keepalives_idle=-5",
        "postgres://app@host/db?tcp_user_timeout=soon",
    ])
    func invalidURLsAreRefused(url: String) throws {
        let error = #expect(throws: PostgresError.self) { try PostgresConnectionSettings(url: url) }
        #expect(error?.kind == .invalidConfiguration)
        #expect(error?.category == .unsupported)
    }

    @Test func severalHostsGoToLibpqAsLists() throws {
        let settings = try PostgresConnectionSettings(
            url: "postgres://app@10.0.0.1:5432,[::1]:5433,db.example.com/shop?target_session_attrs=read-write")
        #expect(settings.endpoints.map(\.description) == ["10.0.0.1:5432", "[::1]:5433", "db.example.com:5432"])
        #expect(settings.targetSessionAttributes == .readWrite)
        #expect(settings.sslMode == .verifyFull, "one remote host is enough to require verified TLS")
        #expect(settings.conninfo.hasPrefix("host='10.0.0.1,::1,db.example.com' port='5432,5433,5432' user='app'"))
        #expect(settings.conninfo.contains("target_session_attrs='read-write'"))
        #expect(try PostgresConnectionSettings(url: settings.description) == settings)
        let local = try PostgresConnectionSettings(url: "postgres://app@127.0.0.1,localhost/db?port=5433")
        #expect(local.endpoints == [.init(host: "127.0.0.1", port: 5433), .init(host: "localhost", port: 5433)])
        #expect(local.sslMode == .prefer)
        let queried = try PostgresConnectionSettings(url: "postgres://app@ignored/db?host=a,b&port=1,2")
        #expect(queried.endpoints == [.init(host: "a", port: 1), .init(host: "b", port: 2)])
    }

    @Test func statementTimeoutAndOptionsBecomeStartupOptions() throws {
        let settings = try PostgresConnectionSettings(url: "postgres://app@h/db?statement_timeout=2500&options=-c%20lock_timeout%3D1s")
        #expect(settings.statementTimeout == .milliseconds(2_500))
        #expect(settings.options == "-c lock_timeout=1s")
        #expect(settings.conninfo.hasSuffix("options='-c statement_timeout=2500 -c lock_timeout=1s'"))
        #expect(try PostgresConnectionSettings(url: settings.description) == settings)
    }

    /// libpq's keepalive and `tcp_user_timeout` parameters reach libpq, and its socket has them.
    @Test func keepalivesAndTCPUserTimeoutReachTheSocket() throws {
        let url = "postgres://app@h/db?keepalives_idle=30&keepalives_interval=5&keepalives_count=3&tcp_user_timeout=9000"
        let settings = try PostgresConnectionSettings(url: url)
        #expect(settings.keepalives == .init(enabled: true, idle: 30, interval: 5, count: 3))
        #expect(settings.tcpUserTimeout == .milliseconds(9_000))
        #expect(settings.conninfo.hasSuffix("keepalives_idle='30' keepalives_interval='5' keepalives_count='3' tcp_user_timeout='9000'"))
        #expect(try PostgresConnectionSettings(url: settings.description) == settings)
        #expect(try settings.with(endpoints: [.init(host: "replica")]).keepalives == settings.keepalives)
        #expect(try PostgresConnectionSettings(url: "postgres://app@h/db?keepalives=0").conninfo.hasSuffix("keepalives='0'"))

        var live = try PostgresConnectionSettings(url: try TestCluster.shared().url)
        live.keepalives = .init(idle: 30, interval: 5, count: 3)
        live.tcpUserTimeout = .milliseconds(9_000)
        let connection = try PostgresConnection(settings: live)
        defer { connection.close() }
        let socket = try #require(connection.handle.map { PQsocket($0) })
        #expect(Self.option(socket, Int32(IPPROTO_TCP), TCP_KEEPIDLE) == 30)
        #expect(Self.option(socket, Int32(IPPROTO_TCP), TCP_KEEPINTVL) == 5)
        #expect(Self.option(socket, Int32(IPPROTO_TCP), TCP_KEEPCNT) == 3)
        #expect(Self.option(socket, Int32(IPPROTO_TCP), TCP_USER_TIMEOUT) == 9_000)
    }

    /// An integer socket option.
    private static func option(_ socket: Int32, _ level: Int32, _ name: Int32) -> Int32 {
        var value: Int32 = -1
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(socket, level, name, &value, &length) == 0 ? value : -1
    }

    @Test func unknownSSLModeNamesTheChoices() throws {
        let error = #expect(throws: PostgresError.self) { try PostgresConnectionSettings(url: "postgres://a@h?sslmode=on") }
        #expect(error?.message.contains("verify-full") == true)
    }

    @Test func settingsConnectToTheTestCluster() throws {
        let url = try TestCluster.shared().url
        let settings = try PostgresConnectionSettings(url: url)
        #expect(settings.sslMode == .prefer)
        let connection = try PostgresConnection(settings: settings)
        #expect(try connection.execute("SELECT current_user").text(row: 0, column: 0) == settings.user)
    }
}
