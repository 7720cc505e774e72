import Foundation

@testable import StrataPostgres

extension TestCluster {
    /// The password of ``passwordRoleURL(password:)``'s role.
    static let rolePassword = "s3cret-for-tests"

    /// The `strata` database as `strata_password`, a role the server asks a password of
    /// (`scram-sha-256` for 127.0.0.1, ahead of the cluster's `trust` rules), logging in with
    /// `password` (none when `nil`). The role and its rule are set up once per process.
    /// - Throws: ``TestClusterError`` for an external server (its rules are not the tests' to change).
    func passwordRoleURL(password: String?) throws -> String {
        try Self.passwordRole.get()
        let credentials = "strata_password" + (password.map { ":" + $0 } ?? "")
        return url.replacingOccurrences(of: "//strata@", with: "//\(credentials)@")
    }

    private static let passwordRole = Result { try TestCluster.shared().addPasswordRole() }

    private func addPasswordRole() throws {
        guard let server, let superuserURL else {
            throw TestClusterError("a role that needs a password needs the throwaway cluster, not STRATA_POSTGRES_URL")
        }
        let admin = try PostgresConnection(conninfo: superuserURL)
        defer { admin.close() }
        _ = try admin.execute("SET password_encryption = 'scram-sha-256'")
        _ = try admin.execute("CREATE ROLE strata_password LOGIN PASSWORD '\(Self.rolePassword)'")
        let rules = server.dataDirectory + "/pg_hba.conf"
        let existing = try String(contentsOfFile: rules, encoding: .utf8)
        // Rewritten in place, so the file keeps its owner (the postgres user).
        try ("host all strata_password 127.0.0.1/32 scram-sha-256\n" + existing).write(toFile: rules, atomically: false, encoding: .utf8)
        _ = try admin.execute("SELECT pg_reload_conf()")
        // The server reloads asynchronously: wait until a login without a password is refused.
        let withoutPassword = url.replacingOccurrences(of: "//strata@", with: "//strata_password@")
        for _ in 0..<200 {
            guard let connection = try? PostgresConnection(conninfo: withoutPassword) else { return }
            connection.close()
            usleep(25_000)
        }
        throw TestClusterError("the server did not start asking strata_password for a password")
    }
}
