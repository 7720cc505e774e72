import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// Connections the server or libpq refuses, each with the kind that says what to fix.
@Suite struct PostgresConnectFailureTests {
    @Test func aMissingPasswordIsAnAuthenticationFailure() throws {
        let cluster = try TestCluster.shared()
        let error = #expect(throws: PostgresError.self) { try PostgresConnection(conninfo: cluster.passwordRoleURL(password: nil)) }
        #expect(error?.kind == .authenticationFailed, "\(error.map { "\($0)" } ?? "")")
        let wrong = #expect(throws: PostgresError.self) { try PostgresConnection(conninfo: cluster.passwordRoleURL(password: "wrong")) }
        #expect(wrong?.kind == .authenticationFailed, "\(wrong.map { "\($0)" } ?? "")")
        // The role and the rule work: the right password logs in.
        let connection = try PostgresConnection(conninfo: cluster.passwordRoleURL(password: TestCluster.rolePassword))
        #expect(try connection.execute("SELECT current_user::text").text(row: 0, column: 0) == "strata_password")
    }

    @Test func aMissingPasswordThroughTheStoreIsAnAuthenticationFailure() throws {
        let url = try TestCluster.shared().passwordRoleURL(password: nil)
        let error = #expect(throws: PostgresError.self) {
            _ = try ModelContainer(for: Schema([Probe.self]), configurations: [try PostgresConfiguration(url: url)])
        }
        #expect(error?.kind == .authenticationFailed, "\(error.map { "\($0)" } ?? "")")
    }

    @Test(arguments: ["require", "verify-ca", "verify-full"])
    func requiredTLSAgainstAServerWithoutTLSIsATLSFailure(sslMode: String) throws {
        let url = try TestCluster.shared().url + "?sslmode=\(sslMode)&connect_timeout=5"
        let error = #expect(throws: PostgresError.self) { try PostgresConnection(conninfo: url) }
        #expect(error?.kind == .tlsFailed, "\(error.map { "\($0)" } ?? "")")
        #expect(error?.category == .unsupported)
    }

    @Model final class Probe {
        var name: String = ""
        init() {}
    }
}
