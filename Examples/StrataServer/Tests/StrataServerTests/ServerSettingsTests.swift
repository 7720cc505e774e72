import Testing
@testable import StrataServer

/// What `strata-server` reads from its argument and environment (the failures are checked
/// through the built server, in StartupTests).
@Suite struct ServerSettingsTests {
    @Test func defaults() throws {
        let settings = try ServerSettings(arguments: ["strata-server"], environment: [:])
        #expect(settings.store == .sqlite(path: "strata-server.sqlite"))
        #expect(settings.host == "127.0.0.1" && settings.port == 8080 && settings.logLevel == .info)
    }

    @Test func theArgumentWinsOverTheEnvironment() throws {
        let environment = ["STRATA_STORE": "sqlite:/a.sqlite", "HOST": "0.0.0.0", "PORT": "9000", "LOG_LEVEL": "debug"]
        let settings = try ServerSettings(arguments: ["strata-server", "postgres://app@db/todo"], environment: environment)
        #expect(settings.store == .postgres(url: "postgres://app@db/todo"))
        #expect(settings.host == "0.0.0.0" && settings.port == 9000 && settings.logLevel == .debug)
    }

    @Test func anInvalidArgumentIsNamedAsTheArgument() {
        #expect { try ServerSettings(arguments: ["strata-server", "mysql://db"], environment: [:]) } throws: {
            ($0 as? StartupError)?.failure == "the store argument is not a store: 'mysql://db'"
        }
    }
}
