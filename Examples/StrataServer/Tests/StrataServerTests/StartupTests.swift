import Foundation
import Testing

/// A server that cannot start says why on one line of stderr and exits with status 1: checked
/// through the built `strata-server` as its operator runs it.
@Suite struct StartupTests {
    @Test func anInvalidStoreIsNamed() throws {
        let result = try ServerRun(environment: ["STRATA_STORE": "mysql://db/todo"])
        result.expectOneLineFailure(containing: "STRATA_STORE is not a store: 'mysql://db/todo'")
    }

    @Test func aSQLiteFileInAMissingDirectoryIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-server-missing-\(UUID().uuidString)/todo.sqlite").path
        let result = try ServerRun(environment: ["STRATA_STORE": "sqlite:" + path])
        result.expectOneLineFailure(containing: "cannot open the store sqlite:\(path)")
        result.expectOneLineFailure(containing: "directory exists")
    }

    @Test func aDirectoryAsTheSQLiteFileIsNamed() throws {
        let path = FileManager.default.temporaryDirectory.path
        let result = try ServerRun(environment: ["STRATA_STORE": path])
        result.expectOneLineFailure(containing: "cannot open the store sqlite:\(path)")
    }

    /// A closed port on loopback refuses at once; the message keeps the URL but not its password.
    @Test func anUnreachablePostgreSQLServerIsNamedWithoutItsPassword() throws {
        let result = try ServerRun(environment: ["STRATA_STORE": "postgres://app:secret@127.0.0.1:1/todo"])
        result.expectOneLineFailure(containing: "cannot open the store postgres://app:***@127.0.0.1:1/todo")
        #expect(!result.standardError.contains("secret"))
    }

    @Test func aMalformedPostgreSQLURLIsNamedWithoutItsPassword() throws {
        let result = try ServerRun(environment: ["STRATA_STORE": "postgres://:secret@127.0.0.1/todo"])
        result.expectOneLineFailure(containing: "STRATA_STORE is not a PostgreSQL URL")
        #expect(!result.standardError.contains("secret"))
    }

    /// The port is held by the service itself, served live in this process.
    @Test func aPortInUseIsNamed() async throws {
        let service = try TestService()
        try await service.run(.live) { client in
            let port = try #require(client.port)
            let result = try ServerRun(environment: ["STRATA_STORE": "sqlite:" + service.directory.appendingPathComponent("other.sqlite").path, "PORT": "\(port)"])
            result.expectOneLineFailure(containing: "cannot listen on 127.0.0.1:\(port)")
            result.expectOneLineFailure(containing: "Address already in use")
        }
    }

    @Test(arguments: [("PORT", "http"), ("PORT", "70000"), ("LOG_LEVEL", "loud")])
    func anInvalidSettingIsNamed(name: String, value: String) throws {
        let result = try ServerRun(environment: ["STRATA_STORE": "sqlite:/strata-server-never-opened/todo.sqlite", name: value])
        result.expectOneLineFailure(containing: "\(name) is not valid: '\(value)'")
    }
}
