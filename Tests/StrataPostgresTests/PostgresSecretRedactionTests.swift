import Foundation
import StrataCore
import Testing

@testable import StrataPostgres

/// No way of printing or reflecting a configuration shows its password.
@Suite struct PostgresSecretRedactionTests {
    static let password = "hunter2-secret-4711"

    /// Every rendering a log line, a debugger or `dump` may produce.
    static func renderings(of value: some Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var mirrored = ""
        for child in Mirror(reflecting: value).children { mirrored += "\(child.label ?? ""): \(child.value)\n" }
        return [dumped, String(describing: value), String(reflecting: value), "\(value)", mirrored]
    }

    @Test func connectionSettingsNeverShowThePassword() throws {
        let settings = try PostgresConnectionSettings(url: "postgres://app:\(Self.password)@db.example.com/shop")
        #expect(settings.password == Self.password)
        for text in Self.renderings(of: settings) {
            #expect(!text.contains(Self.password), "\(text)")
            #expect(text.contains("db.example.com"))
        }
        #expect(Self.renderings(of: settings)[0].contains("password: Optional(\"***\")"))
    }

    @Test func configurationsNeverShowThePassword() throws {
        var configuration = try PostgresConfiguration(url: "postgres://app:\(Self.password)@db.example.com/shop", namespace: "tenant")
        configuration.schema = Schema([PostgresConnectFailureTests.Probe.self])
        for text in Self.renderings(of: configuration) + Self.renderings(of: [configuration]) {
            #expect(!text.contains(Self.password), "\(text)")
        }
    }
}
